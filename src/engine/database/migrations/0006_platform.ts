/**
 * The platform API: observations written by hand through it are marked explicit (they are
 * weighed like derived ones), and workspaces are listed oldest first.
 */
export const platform = `
ALTER TABLE observations ADD COLUMN explicit boolean NOT NULL DEFAULT false;
CREATE INDEX workspaces_by_age ON workspaces (created_at, id);
`;
