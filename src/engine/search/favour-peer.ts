/**
 * Scales down the scores of the messages another peer said, in place: a query that names one
 * peer ("what did Caroline research?") asks about what that peer said. `speakers` says who said
 * each message; one it does not know of counts as another peer's.
 */
export function favourPeer(
  scores: Map<string, number>,
  speakers: ReadonlyMap<string, string>,
  peer: string,
  othersShare: number,
): void {
  for (const [seq, score] of scores) if (speakers.get(seq) !== peer) scores.set(seq, score * othersShare);
}
