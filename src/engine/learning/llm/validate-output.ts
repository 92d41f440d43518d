import { z } from 'zod';
import type { ModeOutcome } from './mode-fallback.js';
import { malformedReply } from './reply-errors.js';

const MAX_DETAILS_LENGTH = 500;

/**
 * Checks what the model produced against the caller's schema. `undefined` stands for a reply in
 * which no JSON was found. The failure names the schema paths, never the reply itself: it may
 * quote the conversation.
 */
export function validateOutput<T>(output: unknown, schema: z.ZodType<T>, schemaName: string): ModeOutcome<T> {
  if (output === undefined) {
    return { kind: 'malformed', error: malformedReply(`the model's reply held no JSON object`) };
  }
  const result = schema.safeParse(output);
  if (result.success) return { kind: 'value', value: result.data };
  const issues = z.prettifyError(result.error).replace(/\s+/g, ' ').slice(0, MAX_DETAILS_LENGTH);
  // The first field that did not fit goes into the message itself: it is what a failed batch
  // records, and what a person reading the status needs to see which part the model got wrong.
  const [first] = result.error.issues;
  const field = first === undefined ? '' : ` at ${fieldPath(first.path)} (${first.message})`;
  return {
    kind: 'malformed',
    error: malformedReply(`the model's reply did not match the "${schemaName}" schema${field}`, issues),
  };
}

/** `facts[0].content`, as a person would write the place; `(root)` for the reply as a whole. */
function fieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : `${text === '' ? '' : '.'}${String(key)}`;
  }
  return text === '' ? '(root)' : text;
}
