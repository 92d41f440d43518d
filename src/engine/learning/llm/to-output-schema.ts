import { z } from 'zod';
import { MemoryError } from '../../../service/errors.js';
import type { GenerateObjectRequest } from './llm-client.js';

/**
 * The name and JSON Schema a provider is given for a request's zod schema. The output side is
 * described: the model must produce it in full (defaults included, no extra keys), which is also
 * what OpenAI's strict mode asks for. `$schema` is dropped: some servers reject keys they do not know.
 */
export function toOutputSchema<T>(request: GenerateObjectRequest<T>): {
  name: string;
  jsonSchema: Record<string, unknown>;
} {
  // Checked here, not left to the provider: its 400 would read as "no structured output" and cost a fallback.
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(request.schemaName)) {
    throw new MemoryError('invalid_input', 'schemaName must be 1 to 64 letters, digits, _ or -', {
      field: 'schemaName',
    });
  }
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(request.schema, { unrepresentable: 'any' });
  return { name: request.schemaName, jsonSchema };
}
