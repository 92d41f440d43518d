/**
 * The messages of a workspace in the order they were said, whoever said them and wherever: what a
 * search for the days a query names ("what did she watch on 1 May 2022?") reads (`dateRanks`).
 */
export const messagesByTime = `
CREATE INDEX messages_by_time ON messages (workspace_id, created_at, seq);
`;
