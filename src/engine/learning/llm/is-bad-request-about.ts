import { LlmError } from './llm-error.js';

/**
 * A 400 whose explanation matches `pattern`: the provider does not take that parameter, and the
 * caller can ask again without it.
 */
export function isBadRequestAbout(error: unknown, pattern: RegExp): error is LlmError {
  return error instanceof LlmError && error.status === 400 && pattern.test(error.details ?? '');
}
