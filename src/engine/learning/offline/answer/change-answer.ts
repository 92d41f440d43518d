import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

/** A change the evidence states: what was used, held or done before (`from`) and what is now (`to`, when said). */
type Change = { from: string; to: string | null; handover?: true };

// A character of a value's word, in any alphabet ("Tomás", "Zürich", "C++", "Node.js").
const WORD = String.raw`[\p{L}\p{M}\d_.'+#-]`;
// A value: one to four words, up to where the clause goes on ("from Redux to Zustand last sprint",
// "to Jotai a few weeks back", "to Bun yesterday").
const VALUE = String.raw`((?:the )?${WORD}+(?: (?!(?:to|for|with|in|on|at|last|this|next|after|before|because|so|and|but|since|when|effective|as|a|an|now|yesterday|today|recently)\b)${WORD}+){0,3})`;
// "She took it over from Tomas": a pronoun stands for the person named before it.
const PERSON = String.raw`(me|us|I|she|he|\p{Lu}[\p{L}\p{M}'-]+)`;

/** The ways people say that something replaced something else, each giving its from and to. */
const CHANGES: readonly { pattern: RegExp; change(m: RegExpExecArray): Change }[] = [
  {
    // "we switched from Firebase to Supabase", "I've switched you from Pro to the Team plan",
    // "we migrated our CI from Jenkins to GitHub Actions", "we switched feature flags from Flipper
    // to LaunchDarkly"
    pattern: new RegExp(
      String.raw`\b(?:switch(?:ed|ing)|chang(?:ed|ing)|mov(?:ed|ing)|migrat(?:ed|ing)|went|upgraded|downgraded|converted|transitioned)(?: (?:you|us|them|it|over|everything|(?:(?:our|my|the|their|his|her) )?[\w.'+#-]+(?: [\w.'+#-]+)?))? from ${VALUE} (?:to|over to|onto) ${VALUE}`,
      'giu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: m[2] ?? '' }),
  },
  {
    // "we moved off Unity", "we moved away from Jenkins to GitHub Actions"
    pattern: new RegExp(
      String.raw`\b(?:moved|migrated|switched|got) (?:off|away from|off of) ${VALUE}(?: (?:to|for|onto) ${VALUE})?`,
      'giu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: m[2] ?? null }),
  },
  {
    // "we replaced Jenkins with GitHub Actions", "we ditched Elasticsearch for Meilisearch", "dropped
    // Kafka in favour of NATS", "swapped out Moment for date-fns"
    pattern: new RegExp(
      String.raw`\b(?:replaced|ditched|dropped|swapped(?: out)?|traded|dumped|scrapped|abandoned) ${VALUE} (?:with|for|in favou?r of) ${VALUE}`,
      'giu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: m[2] ?? '' }),
  },
  {
    // "Jenkins was replaced by GitHub Actions", "Moment got swapped out for date-fns"
    pattern: new RegExp(
      String.raw`${VALUE} (?:was|were|got|has been|have been) (?:replaced|swapped out|superseded) (?:by|with|for) ${VALUE}`,
      'giu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: m[2] ?? '' }),
  },
  {
    // "background jobs used to be Celery", "we used to deploy on Heroku": what was before, the new
    // value said elsewhere.
    pattern: new RegExp(
      String.raw`\bused to (?:be|use|run on|run|deploy (?:on|to)|live on|be on) ${VALUE}`,
      'giu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: null }),
  },
  {
    // "Karl took over the deploy pipeline from me", "I'm taking over the release process from Ben"
    pattern: new RegExp(
      String.raw`(?<![\p{L}\p{M}])${PERSON}(?: (?:took|takes|has taken|have taken|is taking|are taking|am taking)|'s taking|'m taking|'re taking|'ve taken)(?: (?:it|them|this|that))? over(?: .{1,60}?)? from ${PERSON}`,
      'gu',
    ),
    change: (m) => ({ from: m[2] ?? '', to: m[1] ?? '', handover: true }),
  },
  {
    // "I handed the iOS releases over to Ben"
    pattern: new RegExp(
      String.raw`(?<![\p{L}\p{M}])(I|we|\p{Lu}[\p{L}\p{M}'-]+) (?:have |'ve )?(?:handed|passed|gave) .{1,60}? (?:over |on )?to ${PERSON}`,
      'gu',
    ),
    change: (m) => ({ from: m[1] ?? '', to: m[2] ?? '', handover: true }),
  },
];

// "What engine did they use before Godot?", "Who ran the pipeline before Karl?", "… before?"
const BEFORE = /\bbefore(?: ([\p{L}\p{M}\d_.'+#-]+(?: [\p{L}\p{M}\d_.'+#-]+){0,2}))?\??$/iu;
// "Which plan did she switch to?", "what did they move to?"
const SWITCHED_TO = /\b(?:switch|switched|change|changed|move|moved|migrate|migrated)(?: \w+)? to\??$/i;

/**
 * Answers a question about something that replaced something else from the change stated in
 * the evidence: "before Godot?" with what was moved off for it, "before Karl?" with who handed
 * it over, "which plan did she switch to?" with the new one. A question about what came
 * before names the newer value or asks "before?" alone; the evidence that states the change
 * and names that value answers, the first in rank. Undefined when the question asks of no
 * change or no evidence states one, and the question is read as any other.
 */
export function changeAnswer(
  request: AnswerRequest,
  question: Question,
  ranked: readonly Evidence[],
): string | undefined {
  const asked = request.question.replaceAll('’', "'").trim();
  const before = BEFORE.exec(asked);
  const switchedTo = SWITCHED_TO.test(asked);
  if (!before && !switchedTo) return currentValue(request, question, ranked);
  const newer = before?.[1]?.toLowerCase();
  for (const evidence of ranked) {
    const text = withoutSpeaker(evidence);
    for (const change of changesIn(text)) {
      // Who handed something over answers only "who?": "which team did Grace move to?" asks of a team.
      if (change.handover && question.kind !== 'person') continue;
      if (switchedTo) {
        if (change.to !== null) return named(change.to, evidence, request);
        continue;
      }
      // A change names the newer value, or states it beside it ("Engine is Godot 4, we moved off Unity").
      if (change.from === '') continue;
      const names = newer === undefined || text.toLowerCase().includes(newer);
      if (names && (change.to === null || newer === undefined || !change.from.toLowerCase().includes(newer)))
        return named(change.from, evidence, request);
    }
  }
  return undefined;
}

// What a question about the present value of something that changes asks for; a thing only
// when it names nobody (below): "which team is Sven on now?" of "Ngozi took over … from Sven, he
// moved to the data team" asks of one side of the change only.
const ASKS_VALUE = new Set<Question['kind']>(['person', 'place']);

/**
 * "Who owns the networking module?" of "Ngozi took over the networking module from Sven", "where
 * is the shop now?" of "we moved the shop from Leeds to York", "which test runner does the project
 * use?" of "we moved from Jest to Vitest": a question of the present is answered with what the
 * change led to, when the best-fitting evidence states one.
 */
function currentValue(
  request: AnswerRequest,
  question: Question,
  ranked: readonly Evidence[],
): string | undefined {
  const best = ranked[0];
  if (question.tense !== 'current' || best === undefined) return undefined;
  // "What do they use for auth?" of "we switched from Firebase to Supabase for auth": a tool
  // replaced, never one handed over, and not of a question about someone ("which team is Sven on?").
  const asksTool =
    question.kind === 'thing' && question.person === null && !/(?<=\s)\p{Lu}\p{Ll}/u.test(request.question);
  if (!ASKS_VALUE.has(question.kind) && !asksTool) return undefined;
  for (const evidence of ranked) {
    if (evidence.fit < best.fit) break;
    // A handover leads to a person, which answers "who?" alone: not "where is the app deployed?".
    const to = changesIn(withoutSpeaker(evidence)).find(
      (change) => change.to !== null && (question.kind === 'person' || !change.handover),
    )?.to;
    if (to) return named(to, evidence, request);
  }
  return undefined;
}

// "We replaced it with Dramatiq": a pronoun names no value of its own.
const PRONOUN = /^(?:it|them|that|this|those|these|one)$/i;

/** The changes a text states; a side that is only a pronoun is not said (null for `to`, left out for `from`). */
function changesIn(text: string): Change[] {
  const found: Change[] = [];
  for (const { pattern, change } of CHANGES) {
    for (const match of text.matchAll(pattern)) {
      const stated = change(match);
      const to = stated.to !== null && PRONOUN.test(stated.to) ? null : stated.to;
      if (PRONOUN.test(stated.from) && to === null) continue;
      found.push({ ...stated, to, from: PRONOUN.test(stated.from) ? '' : resolved(stated.from, text) });
      if (to !== null) found[found.length - 1] = { ...(found.at(-1) as Change), to: resolved(to, text) };
    }
  }
  return found;
}

/** "she" or "he" as the first person the text names before it, else as said. */
function resolved(value: string, text: string): string {
  if (!/^(?:she|he)$/i.test(value)) return value;
  return /(?<![\p{L}\p{M}])(?!(?:She|He|I|We|They)\b)\p{Lu}[\p{L}\p{M}'-]+/u.exec(text)?.[0] ?? value;
}

/** A value as an answer: "me" or "I" is the speaker, "the Team plan" is "Team plan". */
function named(value: string, evidence: Evidence, request: AnswerRequest): string {
  if (/^(?:me|I)$/.test(value)) return evidence.speaker ?? request.about;
  return value.replace(/^the /i, '');
}
