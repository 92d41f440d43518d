import type { z } from 'zod';
import type {
  Absence as AbsenceSchema,
  Entity as EntitySchema,
  ErrorCode,
  Subject as SubjectSchema,
} from '../schemas/error-code.js';

export type MemoryErrorCode = z.infer<typeof ErrorCode>;

export type Entity = z.infer<typeof EntitySchema>;
export type Absence = z.infer<typeof AbsenceSchema>;
export type Subject = z.infer<typeof SubjectSchema>;

type MemoryErrorOptions = { field?: string; hint?: string; cause?: unknown; subject?: Subject };

/**
 * The one error hierarchy of the service. `message` is short, neutral and safe to show to a
 * caller; `field` names the input at fault in the terms of the operation; `subject` names the
 * record it is about; `hint` says how to recover where no edge knows better (each edge words
 * the hint of a subject for its own readers); `cause` stays inside the process.
 */
export class MemoryError extends Error {
  override name = 'MemoryError';
  readonly code: MemoryErrorCode;
  readonly field: string | undefined;
  readonly hint: string | undefined;
  readonly subject: Subject | undefined;

  constructor(code: MemoryErrorCode, message: string, options: MemoryErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.hint = options.hint;
    this.subject = options.subject;
  }
}

/**
 * A record that is not where the call looked: `session "s1" does not exist`, `peer "ada" is not a
 * member of session "s1"`. It carries no hint: each edge says how to find what exists.
 */
export class NotFoundError extends MemoryError {
  override name = 'NotFoundError';
  /** What follows the record's name in the message: `does not exist`, `is not in session "s1"`. */
  readonly reason: string;
  constructor(
    entity: Entity,
    id: string,
    field: string,
    reason = 'does not exist',
    absence: Absence = 'missing',
  ) {
    super('not_found', `${entity} "${id}" ${reason}`, { field, subject: { entity, id, absence } });
    this.reason = reason;
  }
}

/** An edge's hints for the records it names, keyed `entity.absence`. */
export type SubjectHints = Partial<Record<`${Entity}.${Absence}`, string>>;

/** How to recover from `error` in an edge's terms: its hint for the subject, else the error's own. */
export function hintFor(error: MemoryError, hints: SubjectHints): string | undefined {
  const { subject } = error;
  return (subject && hints[`${subject.entity}.${subject.absence}`]) ?? error.hint;
}

export class UnavailableError extends MemoryError {
  override name = 'UnavailableError';
  constructor(message: string, options: MemoryErrorOptions = {}) {
    super('unavailable', message, options);
  }
}
