import { nlp } from './nlp.js';

// What may open a clause before the words it tells: "hey so quick update,", "news from me:".
const LEAD = /^([^,:;.!?]+)[,:]\s+/;
// A lead longer than this is a clause of its own ("the kids loved the beach, played all day").
const MAX_LEAD_WORDS = 5;
// Words that link the clause to what came before, dropped with the lead: "so", "oh and".
const LINKS = /^(?:(?:so|and|also|oh|ok|okay|yeah|yep|well|anyway|btw|update|news)[:!,]*\s+)+/i;
// Words said between the missing "I" and its verb, kept: "just got promoted", "still teaching maths".
const ADVERBS = /^(?:(?:just|finally|actually|officially|recently|now|still|currently)\s+)*/i;
// "…is stressful": a clause with a verb of its own after an "-ing" opening has that opening as its subject.
const OWN_VERB = /\b(?:is|was|are|were|has|had|makes|made|takes|took)\b/i;
// Words of what one is that the tagger reads as a past tense ("based in Leipzig", "Married to
// Jana"): "I'm", not "I", is what was left out.
const STATE = /^(?:based|married|engaged|settled)\b/;
// Verbs of a fact a card keeps, read whatever the tagger makes of them: a capital ("Retired last
// year", "Moved to Leith"), or "left" with the place it names ("left Infosys"; "left turn at the
// lights" is no one leaving).
const FACT_VERB =
  /^(?:moved|relocated|retired|quit|joined|started|left(?= (?:my |the )?\p{Lu})|got|signed|bought|adopted|rescued)\b/u;

/**
 * A clause that leaves out its speaker "I", as chat does, with it said: "hey so quick update, got
 * promoted to senior analyst" is "I got promoted to senior analyst", "news from me: moving in with
 * Theo's old flatmate" is "I'm moving in with Theo's old flatmate", "Married to Jana" is "I'm
 * married to Jana". Only a clause that opens with a past tense or an "-ing" verb, perhaps after a
 * lead of a few words that holds no verb of its own; else null ("rent is way cheaper", "works
 * nights at the Royal", "Moving house is stressful").
 */
export function withDroppedSubject(clause: string): string | null {
  let rest = clause.trim();
  const lead = LEAD.exec(rest);
  if (lead?.[1] && lead[1].split(/\s+/).length <= MAX_LEAD_WORDS && !nlp(lead[1]).has('#Verb'))
    rest = rest.slice(lead[0].length);
  rest = rest.replace(LINKS, '');
  const adverbs = ADVERBS.exec(rest)?.[0] ?? '';
  // A capital is no subject's: "Retired last year" leaves out "I" as "retired last year" does.
  const opening = rest.slice(adverbs.length);
  const lowered = `${adverbs.toLowerCase()}${opening.charAt(0).toLowerCase()}${opening.slice(1)}`;
  const said = lowered.slice(adverbs.length);
  if (STATE.test(said)) return `I'm ${lowered}`;
  if (FACT_VERB.test(said)) return `I ${lowered}`;
  const verb = /^\p{Ll}+/u.exec(opening)?.[0];
  if (verb === undefined) return null;
  const tags = (nlp(rest).terms().json() as { terms: { tags: string[] }[] }[])[
    adverbs.split(/\s+/).length - 1
  ]?.terms[0]?.tags;
  if (tags?.includes('PastTense')) return `I ${rest}`;
  if (tags?.includes('Gerund') && !OWN_VERB.test(rest)) return `I'm ${rest}`;
  return null;
}
