import { z } from 'zod';
import { Id } from './common.js';

/** Stable codes that every boundary (MCP, HTTP) maps to its own error form. */
export const ErrorCode = z.enum(['invalid_input', 'not_found', 'unavailable', 'internal']);

/** The kinds of record an error can be about. */
export const Entity = z.enum(['workspace', 'peer', 'session', 'message', 'conclusion', 'webhook endpoint']);

/**
 * Why a record was not found where the call looked: it does not exist, the peer is not a member
 * of the session, or the message is not in the session.
 */
export const Absence = z.enum(['missing', 'not_member', 'not_in_session']);

/** The record an error is about, for each edge to word in its own terms. */
export const Subject = z.object({
  entity: Entity.describe('The kind of record.'),
  id: Id.describe('Its id, as the request gave it.'),
  absence: Absence.describe(
    'missing: it does not exist; not_member, not_in_session: not where the call looked.',
  ),
});
