import { MemoryError } from '../../../service/errors.js';

/**
 * Why a call to a model provider failed:
 * - `timeout`: no complete answer within `timeoutMs`;
 * - `rate_limited`: the provider answered 429;
 * - `provider_error`: any other HTTP error, or an answer that is not the provider's format;
 * - `malformed_output`: the model's reply did not parse or did not match the schema, in every mode;
 * - `refused`: the model declined to answer;
 * - `unreachable`: no HTTP answer at all (connection refused, DNS, TLS).
 */
export type LlmErrorKind =
  | 'timeout'
  | 'rate_limited'
  | 'provider_error'
  | 'malformed_output'
  | 'refused'
  | 'unreachable';

type LlmErrorOptions = {
  retryable: boolean;
  status?: number;
  details?: string;
  hint?: string;
  retryAfterMs?: number;
  cause?: unknown;
};

/**
 * A failed call to a model or embeddings provider, after the retries. `retryable` tells the work
 * queue whether trying the same item later can succeed; `retryAfterMs` is the provider's own
 * wait when it gave one. `message` and `details` never carry the API key or the prompt.
 */
export class LlmError extends MemoryError {
  override name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly retryable: boolean;
  /** The HTTP status of the last answer, if there was one. */
  readonly status: number | undefined;
  /** The provider's own words (its error message, or the schema issues), shortened. */
  readonly details: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(kind: LlmErrorKind, message: string, options: LlmErrorOptions) {
    super('unavailable', message, {
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.kind = kind;
    this.retryable = options.retryable;
    this.status = options.status;
    this.details = options.details;
    this.retryAfterMs = options.retryAfterMs;
  }
}
