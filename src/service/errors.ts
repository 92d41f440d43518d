/** Stable codes that every boundary (MCP, HTTP) maps to its own error form. */
export type MemoryErrorCode = 'invalid_input' | 'not_found' | 'unavailable' | 'internal';

type MemoryErrorOptions = { field?: string; hint?: string; cause?: unknown };

/**
 * The one error hierarchy of the service. `message` is short and safe to show to a caller;
 * `hint` says how to recover; `cause` stays inside the process.
 */
export class MemoryError extends Error {
  override name = 'MemoryError';
  readonly code: MemoryErrorCode;
  readonly field: string | undefined;
  readonly hint: string | undefined;

  constructor(code: MemoryErrorCode, message: string, options: MemoryErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.hint = options.hint;
  }
}

export class NotFoundError extends MemoryError {
  override name = 'NotFoundError';
  constructor(kind: 'session' | 'peer', id: string, field: string) {
    super('not_found', `${kind} "${id}" does not exist`, {
      field,
      hint:
        kind === 'session'
          ? 'Sessions are created by add_messages or add_session_peers; call list_sessions to see the existing ones.'
          : 'Peers are created when they write a message or join a session; call list_peers to see the existing ones.',
    });
  }
}

export class UnavailableError extends MemoryError {
  override name = 'UnavailableError';
  constructor(message: string, options: MemoryErrorOptions = {}) {
    super('unavailable', message, options);
  }
}
