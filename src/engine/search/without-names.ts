/**
 * The query without these names. A name says nothing of the meaning, and in a memory about one
 * person it matches every fact equally ("Caroline" is in every observation about Caroline).
 * Falls back to the whole query when nothing else is left.
 */
export function withoutNames(query: string, names: Iterable<string>): string {
  const lowered = new Set([...names].map((name) => name.toLowerCase()));
  const kept = query
    .split(/\s+/)
    .filter((word) => !lowered.has(word.toLowerCase().replace(/('s|’s|[^\p{L}\p{N}])+$/u, '')))
    .join(' ');
  return kept.trim() === '' ? query : kept;
}
