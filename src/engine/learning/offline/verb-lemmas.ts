import compromise from 'compromise';
import { stemmer } from 'stemmer';
import { contentWords } from '../../text/content-words.js';

type Conjugate = (verb: string, model: unknown) => Record<string, string | undefined>;

// Verbs whose past differs from the stem a stemmer makes of it ("ran" is not "run"); the past of
// "lie", "rise" and "bear" is left out, being a word of its own ("lay", "rose", "bore").
const IRREGULAR =
  `arise awake beat become begin bend bite bleed blow break bring build burn buy catch choose come
deal dig draw dream drink drive eat fall feed feel fight find fly forget forgive freeze get give go grow hang have
hear hide hold hurt keep know lead learn leave lend light lose make mean meet pay ride ring run say see seek sell
send shake shine shoot sing sink sit sleep slide speak spend spin stand steal stick sting strike swear swim swing
take teach tear tell think throw understand wake wear win write`.split(/\s+/);

/** Each irregular past and participle, stemmed, mapped to its verb's stem: "ran" to "run". */
function irregularLemmas(): ReadonlyMap<string, string> {
  // compromise's own conjugation tables, read without parsing a sentence for each verb.
  const conjugate = (compromise.methods() as { two: { transform: { verb: { conjugate: Conjugate } } } }).two
    .transform.verb.conjugate;
  const model = compromise.model();
  const map = new Map<string, string>();
  for (const verb of IRREGULAR) {
    const forms = conjugate(verb, model);
    for (const form of [forms.PastTense, forms.Participle]) {
      if (form && form !== verb) map.set(stemmer(form), stemmer(verb));
    }
  }
  return map;
}

// Under a millisecond at start-up: compromise's tables are in memory once it is loaded.
const LEMMAS = irregularLemmas();

/** The stems of a text's meaningful words, an irregular past read as its verb: "ran" is "run". */
export function lemmaWords(text: string): string[] {
  return contentWords(text).map((stem) => LEMMAS.get(stem) ?? stem);
}
