import { z } from 'zod';
import { Id, PaginationInput, paginated, Query, storedText, Timestamp } from './common.js';
import { LIMITS } from './limits.js';

/**
 * Tokens (o200k_base) of one observation written by hand: what common embedding models take in
 * one input, so every observation can be embedded whole for semantic recall.
 */
export const OBSERVATION_TOKENS = 8191;

/** What one peer (the observer) has concluded about another or about itself (the observed). */
const Observation = z.object({
  id: z.string().describe('The observation id.'),
  content: z.string().describe('The conclusion, one short statement.'),
  observer_id: z.string().describe('The peer who holds it.'),
  observed_id: z
    .string()
    .describe('The peer it is about (the observer itself for what a peer says of itself).'),
  session_id: z.string().describe('The session it was learned in or tied to.'),
  times_derived: z.number().int().describe('How many times it was concluded (the same fact seen again).'),
  created_at: Timestamp,
});

export const ObservationList = z.object({
  observations: z.array(Observation).describe('The observations, in the order described by the tool.'),
});
export type ObservationList = z.infer<typeof ObservationList>;

export const ListObservationsInput = z.strictObject({
  observer: Id.optional().describe('Only the observations held by this peer.'),
  observed: Id.optional().describe('Only the observations about this peer.'),
  session: Id.optional().describe('Only the observations learned in or tied to this session.'),
  ...PaginationInput,
});
export type ListObservationsInput = z.infer<typeof ListObservationsInput>;

export const ListObservationsOutput = paginated(Observation);
export type ListObservationsOutput = z.infer<typeof ListObservationsOutput>;

export const QueryObservationsInput = z.strictObject({
  observer: Id.describe('The peer whose observations to search (the observed peer itself for its own).'),
  observed: Id.describe('The peer the observations are about.'),
  query: Query.describe(`What to look for, in plain words; at most ${LIMITS.queryChars} characters.`),
  session: Id.optional().describe('Only the observations learned in or tied to this session.'),
  top_k: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('How many observations at most, 1 to 100. Default 10.'),
});
export type QueryObservationsInput = z.infer<typeof QueryObservationsInput>;

const NewObservation = z.strictObject({
  observer: Id.describe('The peer who holds the conclusion; it must exist.'),
  observed: Id.describe(
    'The peer it is about (the same as observer for a fact about itself); it must exist.',
  ),
  session: Id.describe('The session the conclusion is tied to; it must exist.'),
  content: storedText(LIMITS.messageChars)
    .min(1, 'must not be empty')
    .describe(
      `The conclusion, one short statement; at most ${OBSERVATION_TOKENS} tokens (o200k_base), what an embedding takes whole.`,
    ),
});

export const CreateObservationsInput = z.strictObject({
  observations: z
    .array(NewObservation)
    .min(1, 'must hold at least 1 observation')
    .max(LIMITS.messagesPerCall, `must hold at most ${LIMITS.messagesPerCall} observations`)
    .describe(`The observations to store, 1 to ${LIMITS.messagesPerCall}.`),
});
export type CreateObservationsInput = z.infer<typeof CreateObservationsInput>;

export const DeleteObservationInput = z.strictObject({
  id: Id.describe('The id of the observation to delete (from list_observations or query_observations).'),
});
export type DeleteObservationInput = z.infer<typeof DeleteObservationInput>;
