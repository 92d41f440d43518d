/**
 * The slots: facts with one value at a time, where a newer fact replaces the older one ("Lives
 * in: Porto" replaces "Lives in: Berlin"). The offline extractor fills them by pattern, a model
 * chooses among {@link MODEL_SLOTS}, search ranks the messages that taught the slots a query asks
 * about, and the offline answers answer a question about a slot from its value. Besides these,
 * each favourite thing is a slot of its own ({@link favoriteSlot}). In the order question reading
 * tries them: "where did she live at the age of 5?" asks of an age.
 */
export const SLOTS = [
  'age',
  'lives_in',
  'job',
  'relationship',
  'studies',
  'name',
  'from',
  'diet',
  'vehicle',
  'address',
] as const;

type NamedSlot = (typeof SLOTS)[number];
type OwnSlot = NamedSlot | `favorite:${string}`;
/** A slot of the peer's own, or of someone the peer names (`job@tomas`: where Tomas works). */
export type Slot = OwnSlot | `${OwnSlot}@${string}`;

/**
 * The slot of a fact about someone the peer names ("Tomas got a job at the Charité hospital" is
 * `job@tomas`): the person's job replaces their earlier one, never the peer's own, and a question
 * about the peer's job is never answered with it.
 */
export function personSlot(slot: Slot, person: string): Slot {
  return `${slot.replace(/@.*$/, '') as OwnSlot}@${person.toLowerCase()}`;
}

/** The slot of a favourite thing, "colour" spelt as "color": "favourite colour" is `favorite:color`. */
export function favoriteSlot(thing: string): Slot {
  return `favorite:${thing.replace('colour', 'color')}`;
}

/** The slot of the favourite thing a lower-cased query or question names ("her favourite food"), else null. */
export function askedFavorite(lower: string): Slot | null {
  const thing = /\bfavou?rite ([a-z]+)/.exec(lower)?.[1];
  return thing ? favoriteSlot(thing) : null;
}

// The favourite things a model may give a slot: a closed list, so that it writes only names that
// search and the answers read. A favourite outside it is kept as a fact without a slot.
const MODEL_FAVORITES = [
  'color',
  'food',
  'drink',
  'book',
  'author',
  'movie',
  'show',
  'song',
  'band',
  'artist',
  'sport',
  'team',
  'game',
  'animal',
  'season',
  'place',
];

/** Every slot name a model may write: a name no reader knows would be a slot nothing ranks or answers from. */
export const MODEL_SLOTS: readonly [Slot, ...Slot[]] = [...SLOTS, ...MODEL_FAVORITES.map(favoriteSlot)];

/**
 * How a lower-cased question asks of a slot: it holds `words` (and not `unless`), the first slot
 * of {@link SLOTS} that it does. The slot's value alone answers it when it also has the form
 * `answeredWhen` (and not `answeredUnless`); else no slot does, and the evidence answers it.
 */
type AskedBy = { words: RegExp; unless?: RegExp; answeredWhen?: RegExp; answeredUnless?: RegExp };

/**
 * The words of each slot. `searched`: words with which a search query may be about the slot (it
 * may be about several): search reads for recall, as the slot ranking is one of several fused,
 * so "home", "moved" or "city" count for `lives_in`. `asked`: how a question asks for the value
 * itself, read for precision, as the slot's value is then the answer: "what did she do at
 * home?" asks of no slot. Each reader keeps the words it was measured with (`npm run
 * bench:locomo`); a slot one of them leaves out is left to the other rankings, or to the evidence.
 */
export const SLOT_WORDS: Readonly<Record<NamedSlot, { searched: RegExp | null; asked: AskedBy | null }>> = {
  age: {
    searched: /\b(?:age|old|birthday)\b/,
    asked: { words: /^how old\b|\bage\b/ },
  },
  lives_in: {
    searched: /\b(?:live|lives|living|reside|resides|home|address|moved|move|relocated|city)\b/,
    asked: {
      words: /\b(?:live|lives|living|lived|reside|resides|based|home town|hometown)\b/,
      // With "from" it may ask where one is from, which is not where one lives.
      unless: /\bfrom\b/,
      answeredWhen:
        /^(?:where|what (?:city|country|town|place)|which (?:city|country|town))\b|\bin what (?:city|country)/,
    },
  },
  job: {
    searched: /\b(?:job|jobs|work|works|working|occupation|profession|career|employer|employed|hired|quit)\b/,
    asked: {
      words:
        /\b(?:job|occupation|profession|career|employer|do for (?:a )?living|work|works|working|worked)\b/,
      answeredWhen: /^(?:what|where|who)\b/,
      // "Who did he work with?" asks for a colleague, not the job.
      answeredUnless: /\bwork(?:s|ed|ing)? with\b/,
    },
  },
  relationship: {
    searched: /\b(?:single|married|engaged|dating|relationship|divorced|partner|fianc[eé]e?|wedding)\b/,
    asked: { words: /\b(?:single|married|engaged|dating|relationship|divorced|partner|fianc[eé]e?)\b/ },
  },
  studies: {
    searched: /\b(?:study|studies|studying|major|degree|university|college)\b/,
    asked: {
      words: /\b(?:study|studies|studying|studied|major|majoring|degree)\b/,
      answeredWhen: /^what\b/,
    },
  },
  name: {
    searched: null,
    asked: { words: /^what(?:'s| is) [a-z]+'s name\??$/ },
  },
  from: {
    searched: /\b(?:from|born|grew|hometown|origin)\b/,
    asked: null,
  },
  diet: { searched: null, asked: null },
  vehicle: { searched: null, asked: null },
  // Asked and searched by the words of lives_in, which come first.
  address: { searched: null, asked: null },
};
