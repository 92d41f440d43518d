/**
 * The rows `select` finds (each with the `id` of its row in `table`), that row's `last_used_at`
 * written at most once a minute: a secret is looked up on every request, and a write on every
 * one would double the work of reads.
 */
export const foundAndTouched = (
  select: string,
  table: 'api_keys' | 'oauth_grants',
) => `WITH found AS (${select}),
  touched AS (
    UPDATE ${table} x SET last_used_at = now() FROM found f
    WHERE x.id = f.id AND (x.last_used_at IS NULL OR x.last_used_at < now() - interval '1 minute')
  )
  SELECT * FROM found`;
