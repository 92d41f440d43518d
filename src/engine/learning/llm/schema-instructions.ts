/** The instruction that carries the schema when the provider cannot be handed it as a parameter. */
export function schemaInstructions(schemaName: string, jsonSchema: Record<string, unknown>): string {
  return [
    `Reply with one JSON object, "${schemaName}", and nothing else: no prose, no code fence.`,
    `It must match this JSON Schema:\n${JSON.stringify(jsonSchema)}`,
  ].join('\n');
}
