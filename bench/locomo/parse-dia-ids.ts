/**
 * The turn ids a LoCoMo reference names, normalised: the dataset mostly gives one "D8:6" per
 * string, but some strings hold several ("D8:6; D9:17", "D4:17, D4:19") or a stray colon
 * ("D:11:26"). A token that names no turn at all ("D") is returned too, for the caller to count.
 */
export function parseDiaIds(references: string | readonly string[]): string[] {
  const tokens = (typeof references === 'string' ? [references] : references).flatMap((reference) =>
    reference.split(/[;,\s]+/).filter((token) => token.length > 0),
  );
  return tokens.map((token) => token.replace(/^D:(\d+:\d+)$/, 'D$1'));
}
