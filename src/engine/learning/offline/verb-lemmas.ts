import { stemmer } from 'stemmer';
import { contentWords } from './content-words.js';
import { nlp } from './nlp.js';

// Verbs whose past differs from the stem a stemmer makes of it ("ran" is not "run"); the past of
// "lie", "rise" and "bear" is left out, being a word of its own ("lay", "rose", "bore").
const IRREGULAR =
  `arise awake beat become begin bend bite bleed blow break bring build burn buy catch choose come
deal dig draw dream drink drive eat fall feed feel fight find fly forget forgive freeze get give go grow hang have
hear hide hold hurt keep know lead learn leave lend light lose make mean meet pay ride ring run say see seek sell
send shake shine shoot sing sink sit sleep slide speak spend spin stand steal stick sting strike swear swim swing
take teach tear tell think throw understand wake wear win write`.split(/\s+/);

let lemmas: ReadonlyMap<string, string> | undefined;

/** Each irregular past and participle, stemmed, mapped to its verb's stem: "ran" to "run". */
function irregularLemmas(): ReadonlyMap<string, string> {
  if (lemmas) return lemmas;
  const map = new Map<string, string>();
  for (const verb of IRREGULAR) {
    const forms = (nlp(verb).verbs().conjugate() as Record<string, string>[])[0] ?? {};
    for (const form of [forms.PastTense, forms.Participle]) {
      if (form && form !== verb) map.set(stemmer(form), stemmer(verb));
    }
  }
  lemmas = map;
  return map;
}

/** The stems of a text's meaningful words, an irregular past read as its verb: "ran" is "run". */
export function lemmaWords(text: string): string[] {
  const map = irregularLemmas();
  return contentWords(text).map((stem) => map.get(stem) ?? stem);
}
