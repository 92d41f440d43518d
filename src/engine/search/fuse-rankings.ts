/**
 * Reciprocal rank fusion: each ranking adds weight / (k + rank) to an item, so an item near
 * the top of either list rises, and one found by both rises most. k = 60 is the usual choice.
 */
export function fuseRankings(
  rankings: readonly { ids: readonly string[]; weight: number }[],
  k = 60,
): string[] {
  return byScore(fusedScores(rankings, k));
}

/** The items, highest score first. */
export function byScore(scores: ReadonlyMap<string, number>): string[] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The scores reciprocal rank fusion gives each item: weight / (k + rank), summed over the rankings. */
export function fusedScores(
  rankings: readonly { ids: readonly string[]; weight: number }[],
  k = 60,
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { ids, weight } of rankings) {
    ids.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (k + rank + 1));
    });
  }
  return scores;
}
