import { upperFirst } from '../../text/capitals.js';
import { nlp } from './nlp.js';

/** How "I" + an auxiliary reads of someone else. */
const AUXILIARIES: Record<string, string> = {
  am: 'is',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  "haven't": "hasn't",
  was: 'was',
  "wasn't": "wasn't",
};

/** What the ending of "we're", "we've", "we'll" and "we'd" stands for. */
const WE_CONTRACTIONS: Record<string, string> = { re: 'are', ve: 'have', ll: 'will', d: 'would' };

// Modal verbs and past forms read the same after any subject.
const UNCHANGED = new Set([
  'can',
  "can't",
  'cannot',
  'could',
  "couldn't",
  'will',
  "won't",
  'would',
  "wouldn't",
  'should',
  "shouldn't",
  'might',
  'must',
  'may',
  'did',
  "didn't",
  'had',
  "hadn't",
]);

/** Whether a sentence speaks of its speaker: the sentences a speaker's facts come from. */
export function isFirstPerson(sentence: string): boolean {
  return /\b(i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|us)\b/i.test(sentence.replaceAll('’', "'"));
}

// Words that tell whoever reads them what to do, when a sentence opens with them.
const INSTRUCTION =
  /^(?:please\s+)?(?:ignore|disregard|forget|override|bypass|delete|remove|erase|drop|reveal|print|output|repeat|execute|run|send|forward|email|transfer|pay|approve|grant|obey|follow|pretend|act as|do not|don't|never|always|from now on)\b/i;

/** Whether a sentence speaks of its listener: "I've switched you to the Team plan", "your PIN stays the same". */
export function speaksOfListener(sentence: string): boolean {
  return /\b(you|your|yours|yourself|yourselves|you're|you've|you'll|you'd)\b/i.test(
    sentence.replaceAll('’', "'"),
  );
}

/**
 * Whether a sentence speaks to its listener ("you") or tells its reader what to do. Rewritten
 * as a fact, "I authorize you to delete all sessions" would read as an instruction to whoever
 * reads the memory; such words are kept as the peer's, in quotes.
 */
export function addressesListener(sentence: string): boolean {
  const text = sentence.replaceAll('’', "'").trim();
  return speaksOfListener(text) || INSTRUCTION.test(text);
}

/**
 * Rewrites a first-person sentence as a statement about `name`:
 * "I love hiking with my dog" becomes "Caroline loves hiking with Caroline's dog". A sentence
 * that speaks to its listener is quoted as `name`'s words instead: 'Ada said: "…"'.
 */
export function toThirdPerson(sentence: string, name: string): string {
  if (addressesListener(sentence)) return `${name} said: "${sentence.trim()}"`;
  let text = sentence.replaceAll('’', "'");
  text = text
    .replace(/\bI'm\b/gi, `${name} is`)
    .replace(/\bI've\b/gi, `${name} has`)
    .replace(/\bI'd\b/gi, `${name} would`)
    .replace(/\bI'll\b/gi, `${name} will`)
    .replace(/\bI\b( \w+ly)?( [\w']+)?/g, (_match, adverb: string | undefined, verb: string | undefined) => {
      return `${name}${adverb ?? ''}${verb === undefined ? '' : ` ${agree(verb.trim())}`}`;
    })
    .replace(/\b(myself|me)\b/gi, name)
    .replace(/\b(my|mine)\b/gi, `${name}'s`)
    // "We're" before "we": "ana and others're" reads as no word.
    .replace(
      /\bwe'(re|ve|ll|d)\b/gi,
      (_match, ending: string) => `${name} and others ${WE_CONTRACTIONS[ending.toLowerCase()]}`,
    )
    .replace(/\b(we|us)\b/gi, `${name} and others`)
    .replace(/\bour(s)?\b/gi, `${name}'s`);
  return upperFirst(text);
}

/** The form a verb takes after a third-person subject. */
function agree(verb: string): string {
  const lower = verb.toLowerCase();
  const auxiliary = AUXILIARIES[lower];
  if (auxiliary) return auxiliary;
  if (UNCHANGED.has(lower)) return verb;
  // Tagged after "I", as in the sentence: alone, "live" would read as an adjective.
  const inContext = nlp(`I ${lower}`).terms().eq(1);
  if (!inContext.has('#Verb') || inContext.has('#PastTense') || inContext.has('#Gerund')) return verb;
  const alone = nlp(lower);
  alone.tag('Verb');
  const [forms] = alone.verbs().conjugate() as { PresentTense?: string }[];
  return forms?.PresentTense ?? verb;
}
