import { LlmError } from './llm-error.js';

// The failures of a reply that did arrive; failures of the HTTP exchange are built in post-json.ts.
// Each is retryable by the work queue: a model samples its reply, so the same prompt asked again
// later often comes back whole and well-formed; the queue bounds the cost (five attempts in all).

const MAX_DETAILS_LENGTH = 500;

/** A reply that does not parse or does not fit the schema, or that holds no text at all. */
export function malformedReply(message: string, details?: string): LlmError {
  return new LlmError('malformed_output', message, {
    retryable: true,
    hint: 'Use a more capable model, or one that supports structured output.',
    ...(details === undefined ? {} : { details }),
  });
}

/** A reply cut off at the token limit before it was complete. */
export function truncatedReply(maxTokens: number | undefined): LlmError {
  return new LlmError('malformed_output', 'the model was cut off at the token limit before it finished', {
    retryable: true,
    hint: `Raise maxTokens${maxTokens === undefined ? '' : ` (it was ${maxTokens})`}, or ask for less.`,
  });
}

/** The model declined; its stated reason, if any, is kept in `details`. */
export function refusedReply(reason: string | undefined): LlmError {
  return new LlmError('refused', 'the model refused to answer', {
    retryable: true,
    hint: 'The model declined this prompt; another model may answer it.',
    ...(reason ? { details: reason.replace(/\s+/g, ' ').slice(0, MAX_DETAILS_LENGTH) } : {}),
  });
}
