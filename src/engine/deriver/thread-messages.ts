/** What the main thread sends the learning thread. */
export type ToWorker =
  | { type: 'derive'; id: number; task: unknown }
  | { type: 'reembed'; id: number }
  | { type: 'rows'; id: number; rows: unknown[] }
  /** A statement failed; `errorId` names the original error, kept on the main thread. */
  | { type: 'query-failed'; id: number; message: string; errorId: number };

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
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: ThreadError };
