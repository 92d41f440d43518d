import type { LlmError } from './llm-error.js';

/**
 * What one output mode gave: the value; or `unsupported`, the provider rejected the mode itself
 * (it never will accept it); or `malformed`, this reply did not parse or validate (the next mode
 * may do better, and this one may work for another prompt).
 */
export type ModeOutcome<T> =
  | { kind: 'value'; value: T }
  | { kind: 'unsupported' | 'malformed'; error: LlmError };

type ModeFallback<Mode extends string> = {
  /** Tries the modes in order from the one that last worked; throws the last failure. */
  run<T>(attempt: (mode: Mode) => Promise<ModeOutcome<T>>): Promise<T>;
};

/**
 * Steps down a ladder of output modes, best first, and remembers for later calls where to start,
 * so a provider that lacks structured output costs one failed request per client, not per call.
 */
export function createModeFallback<const Mode extends string>(
  modes: readonly [Mode, ...Mode[]],
): ModeFallback<Mode> {
  let start = 0;
  return {
    async run(attempt) {
      let lastError: LlmError | undefined;
      for (const [index, mode] of modes.entries()) {
        if (index < start) continue;
        const outcome = await attempt(mode);
        if (outcome.kind === 'value') {
          start = index;
          return outcome.value;
        }
        // The last mode stays: it is plain text, which every provider takes.
        if (outcome.kind === 'unsupported') start = Math.min(modes.length - 1, Math.max(start, index + 1));
        lastError = outcome.error;
      }
      throw lastError;
    },
  };
}
