// Porter's suffix-stripping algorithm (1980), as published at tartarus.org/martin/PorterStemmer.
// LoCoMo's scorer stems answer tokens with NLTK's PorterStemmer, whose few extensions (a list
// of irregular words, "fully" and "lessly") do not move the scores; BM25 and the extraction
// rule use the same stems.

type Rule = readonly [suffix: string, replacement: string];

const STEP_2: readonly Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP_3: readonly Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP_4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

/** The Porter stem of a lower-case word: "painting" and "paints" both give "paint". */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = step1ab(word);
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  w = applyLongest(w, STEP_2, (stem) => measure(stem) > 0);
  w = applyLongest(w, STEP_3, (stem) => measure(stem) > 0);
  w = step4(w);
  return step5(w);
}

function step1ab(word: string): string {
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);

  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  const suffix = w.endsWith('ed') ? 'ed' : w.endsWith('ing') ? 'ing' : null;
  if (suffix === null) return w;
  const stem = w.slice(0, -suffix.length);
  if (!hasVowel(stem)) return w;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step4(word: string): string {
  const suffix = longestSuffix(word, STEP_4);
  if (suffix === undefined) return word;
  const stem = word.slice(0, -suffix.length);
  if (measure(stem) <= 1) return word;
  if (suffix === 'ion' && !/[st]$/.test(stem)) return word;
  return stem;
}

function step5(word: string): string {
  let w = word;
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsWithDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

/** Only the longest matching suffix is tried: when its condition fails, the word stays. */
function applyLongest(word: string, rules: readonly Rule[], condition: (stem: string) => boolean): string {
  const suffix = longestSuffix(
    word,
    rules.map(([from]) => from),
  );
  if (suffix === undefined) return word;
  const stem = word.slice(0, -suffix.length);
  const replacement = rules.find(([from]) => from === suffix)?.[1] ?? '';
  return condition(stem) ? stem + replacement : word;
}

function longestSuffix(word: string, suffixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && suffix.length > (best?.length ?? 0)) best = suffix;
  }
  return best;
}

/** Whether the letter at `i` is a consonant: y is one only after a vowel or at the start. */
function isConsonant(word: string, i: number): boolean {
  const letter = word[i];
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false;
  if (letter === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: how many vowel-consonant sequences the stem holds. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const vowel = !isConsonant(stem, i);
    if (previousVowel && !vowel) m += 1;
    previousVowel = vowel;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Consonant-vowel-consonant at the end, the last not w, x or y: "hop", not "snow". */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  return (
    isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !/[wxy]$/.test(word)
  );
}
