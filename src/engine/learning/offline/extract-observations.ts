import type { ObservationDraft, SpokenMessage } from '../reasoner.js';
import { findCardFact } from './card-facts.js';
import { nlp } from './nlp.js';
import { resolveDates } from './resolve-dates.js';
import { isFirstPerson, toThirdPerson } from './third-person.js';

// Small talk carries no fact worth keeping.
const PHATIC =
  /^(thanks|thank you|haha|lol|wow|omg|yeah|yes|no|ok|okay|sure|cool|great|awesome|congrats|congratulations|hey|hi|hello|bye|see you|take care|good luck|i agree|me too|same here|i know|i see|i think so|i hope so|i'm glad|i'm so glad|i'm happy for you)\b/i;
const MIN_WORDS = 4;

/**
 * The facts a speaker states about itself: each first-person statement, rewritten in the
 * third person with its relative dates resolved ("I went to a support group yesterday" said
 * on 8 May 2023 becomes "Caroline went to a support group on 7 May 2023").
 */
export function extractObservations(speaker: string, messages: readonly SpokenMessage[]): ObservationDraft[] {
  const drafts: ObservationDraft[] = [];
  for (const message of messages) {
    if (message.peer_id !== speaker) continue;
    for (const sentence of nlp(message.content).sentences().out('array') as string[]) {
      for (const clause of clauses(sentence.trim())) {
        const text = clause;
        if (!isStatement(text)) continue;
        const dated = resolveDates(text, message.created_at);
        const card = findCardFact(text);
        drafts.push({
          content: toThirdPerson(dated.text, speaker),
          slot: card?.slot ?? null,
          cardEntry: card?.entry ?? null,
          occurredAt: dated.occurredAt ?? message.created_at,
          sourceMessageIds: [message.id],
        });
      }
    }
  }
  return drafts;
}

/** "I live in Paris and I love hiking" states two facts: split where a new "I" clause begins. */
function clauses(sentence: string): string[] {
  return sentence
    .split(/(?:,|;)?\s+(?:and|but|so)\s+(?=I\b)|;\s+(?=I\b)/)
    .map((part) => part.trim())
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`));
}

function isStatement(sentence: string): boolean {
  if (sentence.endsWith('?')) return false;
  if (sentence.split(/\s+/).length < MIN_WORDS) return false;
  if (PHATIC.test(sentence) && sentence.split(/\s+/).length < 8) return false;
  return isFirstPerson(sentence);
}
