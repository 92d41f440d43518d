import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';

// Words of naming or liking, which say nothing of what is named or liked: "they named her Anya"
// does not answer "what is the name of her dad?", nor "my favourite colour" "her favourite food?".
const SAYS_NOTHING_OF_THING = new Set(['name', 'favourit', 'favorit']);
// Words between a verb and its object: "learning the violin", "send you a voucher" has none.
const DETERMINER = /^(?:the|a|an|my|his|her|their|our|your|its|this|that|some)$/i;

/**
 * A test for evidence that shares the question's verb, or another of its words, but none of its
 * nouns: "Bea and I are expecting!!" for "who is Rui expecting a baby with?", "I'll send you a
 * 10% voucher" for "what did Tom promise to send Lena?". People leave out what the question
 * names, which their listener knows. Not when the question names the thing its verb is done to
 * and the evidence names another ("learning the piano" for "how long has he been learning the
 * violin?").
 */
export function sharesNoNoun(
  question: Question,
  asked: string,
): (text: string, held: Set<string>) => boolean {
  const verbs = new Set(question.verbs);
  const askedObject = objectAfterVerb(asked, verbs);
  const words = question.words.filter((word) => !SAYS_NOTHING_OF_THING.has(word));
  return (text, held) => {
    if (!words.some((word) => held.has(word))) return false;
    if (askedObject === undefined) return true;
    const told = objectAfterVerb(text, verbs);
    return told === undefined || told === askedObject;
  };
}

/**
 * The stem of the noun a verb is done to, said after an article or a possessive ("learning the
 * violin": violin); undefined when the first verb of `verbs` in the text has none.
 */
function objectAfterVerb(text: string, verbs: ReadonlySet<string>): string | undefined {
  const tokens = text.split(/\s+/);
  const at = tokens.findIndex(
    (token) => !/[.!?,;]$/.test(token) && lemmaWords(token).some((stem) => verbs.has(stem)),
  );
  if (at < 0) return undefined;
  let next = at + 1;
  while (DETERMINER.test(tokens[next] ?? '')) next++;
  return next === at + 1 ? undefined : lemmaWords(tokens[next] ?? '')[0];
}
