/**
 * Forgetting a peer, and cards that say exactly what was set.
 *
 * `peer_cards.set_after_message_seq`: the newest message (messages.seq) stored when the card was
 * last set. A derived entry whose evidence is no newer was there to be seen, so the set replaced
 * it; only learning from later messages changes the card again. Null for cards set before this
 * column existed, which keep showing derived entries of the labels they do not write.
 *
 * `peer.deleted`: the delete trigger every other peer event already goes through (0009).
 */
export const forgetPeers = `
ALTER TABLE peer_cards ADD COLUMN set_after_message_seq bigint;

CREATE TRIGGER webhook_peer_deleted AFTER DELETE ON peers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();
`;
