import type { Database } from '../../src/engine/database/database.js';
import { englishTerms } from './english-terms.js';
import type { IngestedConversation } from './ingest-conversation.js';

/** The share of a reference fact's content words an observation must hold to cover it. */
export const SHARED_WORDS = 0.5;

export type ExtractionResults = {
  /** Reference facts with at least one source turn that was stored. */
  facts: number;
  /** Facts with a derived observation about the same speaker from one of the same turns. */
  sameTurn: number;
  /** ... which also holds at least SHARED_WORDS of the fact's content words. */
  covered: number;
  /** What the deriver learned that speakers said of themselves. */
  observations: number;
  turns: number;
};

type SelfObservation = { content: string; source_message_ids: string[]; observed_id: string };

/**
 * How much of the dataset's reference facts (`observation`) the deriver's observations cover.
 * A fact is covered when an observation the speaker made of themselves (observer = observed)
 * came from one of the fact's turns and shares at least half of the fact's content words
 * (lower-cased, stopwords and both speakers' names left out, Porter-stemmed). The observations
 * are read from the database: the service shows them only as capped markdown.
 */
export async function evaluateExtraction(
  db: Database,
  conversations: readonly IngestedConversation[],
): Promise<ExtractionResults> {
  const results: ExtractionResults = { facts: 0, sameTurn: 0, covered: 0, observations: 0, turns: 0 };
  for (const { conversation, workspace, messageIdByDiaId } of conversations) {
    const rows = await db.query<SelfObservation>(
      `SELECT content, source_message_ids, observed_id FROM observations
       WHERE workspace_id = $1 AND observer_id = observed_id`,
      [workspace],
    );
    results.observations += rows.length;
    results.turns += messageIdByDiaId.size;
    const names = new Set(conversation.speakers.flatMap((speaker) => englishTerms(speaker)));
    const words = (text: string) => new Set(englishTerms(text).filter((term) => !names.has(term)));
    const bySource = new Map<string, { speaker: string; words: Set<string> }[]>();
    for (const row of rows) {
      const observation = { speaker: row.observed_id, words: words(row.content) };
      for (const id of row.source_message_ids) bySource.set(id, [...(bySource.get(id) ?? []), observation]);
    }
    for (const fact of conversation.facts) {
      const sources = fact.diaIds.flatMap((diaId) => messageIdByDiaId.get(diaId) ?? []);
      if (sources.length === 0) continue;
      results.facts += 1;
      const candidates = sources
        .flatMap((id) => bySource.get(id) ?? [])
        .filter((observation) => observation.speaker === fact.speaker);
      if (candidates.length === 0) continue;
      results.sameTurn += 1;
      const factWords = words(fact.text);
      const share = (observation: { words: Set<string> }) =>
        [...factWords].filter((word) => observation.words.has(word)).length / Math.max(1, factWords.size);
      if (candidates.some((observation) => share(observation) >= SHARED_WORDS)) results.covered += 1;
    }
  }
  return results;
}
