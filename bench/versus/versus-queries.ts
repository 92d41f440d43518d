import { meaningfulWords } from '../../src/engine/text/content-words.js';
import type { Conversation } from '../locomo/load-locomo.js';

/** One LoCoMo question in the two forms both servers are asked. */
export type VersusQuery = {
  question: string;
  /**
   * Its longest content word that is not a speaker's name: the official server's search_nodes
   * matches its query as one substring, so a whole question finds nothing there, while a single
   * word is a query both servers can answer. Null when the question has no such word.
   */
  keyword: string | null;
  /** The texts of the turns that answer it, for recall (none for a question the dataset gives none). */
  evidence: string[];
};

/**
 * `count` questions taken in turn from each conversation (the first of each, then the second...),
 * so that every conversation is asked about, each with its keyword.
 */
export function versusQueries(conversations: readonly Conversation[], count: number): VersusQuery[] {
  const queries: VersusQuery[] = [];
  const longest = Math.max(...conversations.map((conversation) => conversation.questions.length));
  const turnTexts = conversations.map(
    (conversation) =>
      new Map(
        conversation.sessions.flatMap((session) => session.turns.map((turn) => [turn.diaId, turn.text])),
      ),
  );
  for (let index = 0; index < longest && queries.length < count; index++) {
    for (const [at, conversation] of conversations.entries()) {
      const asked = conversation.questions[index];
      if (asked === undefined || queries.length >= count) continue;
      const evidence = asked.evidence.flatMap((id) => turnTexts[at]?.get(id) ?? []);
      queries.push({
        question: asked.question,
        keyword: keywordOf(asked.question, conversation.speakers),
        evidence,
      });
    }
  }
  return queries;
}

/** The longest of the question's content words that is not one of the names (the first when tied). */
function keywordOf(question: string, names: readonly string[]): string | null {
  const nameWords = new Set(names.flatMap((name) => meaningfulWords(name)));
  let keyword: string | null = null;
  for (const word of meaningfulWords(question)) {
    if (nameWords.has(word)) continue;
    if (keyword === null || word.length > keyword.length) keyword = word;
  }
  return keyword;
}
