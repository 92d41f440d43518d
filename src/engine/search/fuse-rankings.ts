/**
 * Reciprocal rank fusion: each ranking adds weight / (k + rank) to an item, so an item near
 * the top of either list rises, and one found by both rises most. k = 60 is the usual choice.
 */
export function fuseRankings(
  rankings: readonly { ids: readonly string[]; weight: number }[],
  k = 60,
): string[] {
  const scores = new Map<string, number>();
  for (const { ids, weight } of rankings) {
    ids.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (k + rank + 1));
    });
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
