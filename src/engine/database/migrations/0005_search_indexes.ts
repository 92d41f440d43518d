/**
 * The full-text indexes with a short pending list. A GIN index first appends new entries to an
 * unsorted list that every search reads through, merged into the index once it passes a limit
 * (4 MB by default) or by a vacuum. Embedded PGlite runs no autovacuum, so the list stayed near
 * that limit and every search scanned it (a one-word search of 10,000 messages read 373 pages).
 * At 256 kB searches scan little, and writes still merge in bulk (no list at all made a
 * 20-message add_messages about a third slower). What waits in the list is merged now.
 */
export const searchIndexes = `
ALTER INDEX messages_search SET (gin_pending_list_limit = 256);
ALTER INDEX observations_search SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list('messages_search'::regclass);
SELECT gin_clean_pending_list('observations_search'::regclass);
`;
