import type { Random } from './random.js';

/*
 * A small vocabulary, most common words first, from which sentences that read like chat turns
 * are assembled. No external data: the text is fully determined by the random seed. Word
 * frequencies are skewed (see Random.pickSkewed) so that, as in real conversations, some words
 * match thousands of messages and others only a few: that is what makes search costly or cheap.
 */
const SUBJECTS = ['I', 'we', 'you', 'the team', 'my manager', 'the client', 'our designer', 'the new hire'];
const VERBS = [
  'need to fix',
  'want to review',
  'should update',
  'forgot about',
  'talked about',
  'finished',
  'started',
  'postponed',
  'tested',
  'moved',
  'cancelled',
  'shared',
  'rewrote',
  'measured',
  'scheduled',
  'approved',
];
const ADJECTIVES = [
  'new',
  'old',
  'slow',
  'quarterly',
  'urgent',
  'broken',
  'shared',
  'final',
  'draft',
  'weekly',
  'remote',
  'private',
  'public',
  'large',
  'tiny',
  'legacy',
];
const NOUNS = [
  'report',
  'meeting',
  'budget',
  'release',
  'database',
  'invoice',
  'garden',
  'recipe',
  'flight',
  'dentist',
  'contract',
  'deployment',
  'migration',
  'dashboard',
  'newsletter',
  'birthday',
  'apartment',
  'laptop',
  'playlist',
  'marathon',
  'vacation',
  'interview',
  'podcast',
  'spreadsheet',
  'roadmap',
  'backlog',
  'workshop',
  'conference',
  'tax return',
  'car insurance',
  'piano lesson',
  'book club',
  'server outage',
  'onboarding guide',
  'pull request',
  'design review',
  'hiking trip',
  'grocery list',
  'wedding',
  'thesis',
];
const TIMES = [
  'today',
  'tomorrow',
  'next week',
  'on Friday',
  'this morning',
  'before lunch',
  'last month',
  'in March',
  'after the holidays',
  'tonight',
];
const OPENERS = ['Okay,', 'Sure,', 'Honestly,', 'By the way,', 'Also,', 'Quick note:', 'Remember,', 'So'];
const CLOSERS = ['Does that work?', 'Thanks!', 'Let me know.', 'Any ideas?', 'Sounds good.', 'Noted.'];

function sentence(random: Random): string {
  const noun = random.pickSkewed(NOUNS);
  const opener = random.next() < 0.3 ? `${random.pick(OPENERS)} ` : '';
  const body =
    `${random.pick(SUBJECTS)} ${random.pick(VERBS)} the ${random.pickSkewed(ADJECTIVES)} ${noun}` +
    (random.next() < 0.5 ? ` for the ${random.pickSkewed(NOUNS)}` : '') +
    ` ${random.pick(TIMES)}.`;
  return opener + body.charAt(0).toUpperCase() + body.slice(1);
}

/** One chat turn: one to three sentences, sometimes a closing remark. */
export function generateMessageText(random: Random): string {
  const sentences = Array.from({ length: random.int(1, 3) }, () => sentence(random));
  if (random.next() < 0.2) sentences.push(random.pick(CLOSERS));
  return sentences.join(' ');
}

/** A search query of two or three words from the same vocabulary, as a user would type it. */
export function generateSearchQuery(random: Random): string {
  const words = [random.pick(ADJECTIVES), random.pick(NOUNS)];
  if (random.next() < 0.5) words.push(random.pick(NOUNS));
  return words.join(' ');
}
