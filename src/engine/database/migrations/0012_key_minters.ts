/**
 * Keys end with the admin rights they were minted under. `api_keys.minted_by` is the member of
 * the key's organization who minted it (through an organization key of theirs, or one they
 * minted); `organization_members.admin_since` is when the member's current admin grant began,
 * null for a member who is not an admin. A key works only while the member who minted it, and
 * the member an organization-wide key was minted for, holds an admin grant that began no later
 * than the key: demotion or removal ends such keys at once, and a later grant does not bring
 * them back.
 *
 * No foreign key on `minted_by`: removing the member revokes the keys (they stay listed, with
 * `revoked_at`), where a cascade would delete them and a SET NULL would set them free.
 */
export const keyMinters = `
ALTER TABLE api_keys ADD COLUMN minted_by text;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_minted_in_organization
  CHECK (minted_by IS NULL OR organization_id IS NOT NULL);
ALTER TABLE organization_members ADD COLUMN admin_since timestamptz;
UPDATE organization_members SET admin_since = created_at WHERE role = 'admin';
ALTER TABLE organization_members ADD CONSTRAINT organization_members_admin_since
  CHECK ((role = 'admin') = (admin_since IS NOT NULL));
`;
