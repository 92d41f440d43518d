/** What the main thread sends the learning thread. */
export type ToWorker =
  | { type: 'derive'; id: number; task: unknown }
  | { type: 'reembed'; id: number }
  | { type: 'rows'; id: number; rows: unknown[] }
  /** A statement failed; `errorId` names the original error, kept on the main thread. */
  | { type: 'query-failed'; id: number; message: string; errorId: number }
  /** The vectors of an `embed` request, made by the main thread's embedder. */
  | { type: 'embedded'; id: number; vectors: Float32Array[] }
  | { type: 'embed-failed'; id: number; error: ThreadError };

/** What a failure carries across threads: the fields the deriver decides retries by. */
export type ThreadError = {
  message: string;
  retryable?: boolean;
  retryAfterMs?: number;
  code?: string;
  /** The failure was this database error, raised on the main thread. */
  databaseErrorId?: number;
};

/** What the learning thread sends back. */
export type FromWorker =
  | { type: 'query'; id: number; text: string; params: unknown[] }
  | { type: 'embed'; id: number; texts: string[] }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: ThreadError };

/** A failure as it crosses to the other thread: its message and the fields retries are decided by. */
export function toThreadError(error: unknown): ThreadError {
  const { message, retryable, retryAfterMs, code, databaseErrorId } = (
    error instanceof Error ? error : new Error(String(error))
  ) as Error & { retryable?: boolean; retryAfterMs?: number; code?: unknown; databaseErrorId?: number };
  return {
    message,
    ...(typeof retryable === 'boolean' ? { retryable } : {}),
    ...(typeof retryAfterMs === 'number' ? { retryAfterMs } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(databaseErrorId === undefined ? {} : { databaseErrorId }),
  };
}

/** The error a {@link ThreadError} stood for, with the fields it carried. */
export function fromThreadError(error: ThreadError): Error {
  const { message, databaseErrorId: _, ...fields } = error;
  return Object.assign(new Error(message), fields);
}
