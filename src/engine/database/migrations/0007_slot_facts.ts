/**
 * Slot facts by workspace and slot: search reaches the messages that taught a workspace's
 * "lives in" or "job" facts without reading its other observations.
 */
export const slotFacts = `
CREATE INDEX observations_by_slot ON observations (workspace_id, slot, seq) WHERE slot IS NOT NULL;
`;
