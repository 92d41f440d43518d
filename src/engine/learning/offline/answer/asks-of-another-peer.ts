import type { Unweighed } from './evidence.js';

/**
 * Whether another peer's own words fit the question better than anything about the peer asked
 * of (`scored`): it asks of something that happened to them, not to the peer asked of ("what
 * did Caroline realize after her race?", when the race was Melanie's). No answer, rather than
 * Caroline's reply about Melanie's race. A tie goes the same way when the question names things
 * of its own (`namesThings`) and nothing learned of the peer asked of (no observation) fits it
 * as well as that peer's chat does.
 */
export function asksOfAnotherPeer(
  scored: readonly { item: Unweighed; score: number }[],
  othersBest: number,
  namesThings: boolean,
): boolean {
  const aboutBest = Math.max(0, ...scored.map(({ score }) => score));
  const learnedBest = Math.max(
    0,
    ...scored.filter(({ item }) => item.speaker === null).map(({ score }) => score),
  );
  const tieGoesToOthers = namesThings && learnedBest < aboutBest;
  return othersBest > aboutBest || (othersBest === aboutBest && tieGoesToOthers);
}
