/**
 * Whose memory should answer a question: the speaker it names first ("What did Caroline give
 * Melanie?" asks Caroline's), or the first speaker when it names neither.
 */
export function speakerOfQuestion(
  question: string,
  speakers: readonly [string, string],
): { speaker: string; named: boolean } {
  const positions = speakers
    .map((speaker) => ({ speaker, at: question.search(new RegExp(`\\b${escapeRegExp(speaker)}\\b`)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  const first = positions[0];
  return first ? { speaker: first.speaker, named: true } : { speaker: speakers[0], named: false };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
