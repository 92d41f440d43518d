import compromise from 'compromise';

/**
 * Characters handed to the sentence splitter at once: it takes a few tens of milliseconds for
 * this much, and the server answers nothing else meanwhile.
 */
const CHUNK_CHARS = 5000;

/**
 * Words in the longest piece handed to the parser: finding dates in it takes about a millisecond
 * a word. A text without full stops is one sentence, which took minutes to learn at 400 KB.
 */
const PIECE_WORDS = 40;

/** A piece's longest run of characters, for "words" that are no words (a long code or run of one letter). */
const PIECE_CHARS = 1000;

/**
 * The sentences of a text, as compromise splits them, one at a time; a sentence of more than
 * {@link PIECE_WORDS} words comes in pieces of about equal length. Only compromise's tokenizer
 * runs (the same sentences as a full parse, in a twentieth of the time), on
 * {@link CHUNK_CHARS} characters at a time, so each step stays small at any length.
 */
export function* sentencePieces(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    const end = chunkEnd(text, start);
    const chunk = compromise.tokenize(text.slice(start, end));
    let sentences = chunk.out('array') as string[];
    let next = end;
    if (end < text.length && sentences.length > 1) {
      // The last sentence may go on past the chunk: it is read again at the start of the next.
      const offsets = chunk.json({ offset: true }) as { offset: { start: number } }[];
      next = start + (offsets.at(-1)?.offset.start ?? end - start);
      sentences = sentences.slice(0, -1);
    }
    for (const sentence of joinedAtAbbreviations(sentences)) yield* piecesOf(sentence);
    start = next;
  }
}

// A full stop that shortens a word rather than ends a sentence: after a capitalised word or a
// short lower-case one ("Hauptstr.", "No.", "ext."), before a number ("Hauptstr. 12", "ext. 4412").
const ABBREVIATED = /(?:^|\s)(?:\p{Lu}\p{L}*|\p{Ll}{1,3})\.$/u;
const STARTS_WITH_NUMBER = /^\d/;
// Abbreviations that label a value ("member no. is GX-20931", "Ref. no. 55", "acc. no.: 1234"),
// and how the value after them goes on: "is" before a word with a digit or a capital ("I said no.
// is that bad?" is two sentences), a colon, "#", a number or another such label.
const VALUE_LABEL = /(?:^|\s)(?:no|nos|ref|acc|tel|ext|apt|dept)\.$/i;
const GOES_ON_TO_VALUE = /^(?:(?:is|was|are|were) (?=\S*[\d\p{Lu}])|[:#=\d]|[Nn]os?\.)/u;

/**
 * The splitter's sentences with those cut at an abbreviation's full stop joined again: "it's
 * Hauptstr. 12, 10827 Berlin now" is one sentence, whose address is "Hauptstr. 12", not "Hauptstr";
 * "member no. is GX-20931" one, whose number is the member number.
 */
function joinedAtAbbreviations(sentences: readonly string[]): string[] {
  const joined: string[] = [];
  for (const sentence of sentences) {
    const last = joined.at(-1);
    if (
      last !== undefined &&
      ((ABBREVIATED.test(last.trimEnd()) && STARTS_WITH_NUMBER.test(sentence.trimStart())) ||
        (VALUE_LABEL.test(last.trimEnd()) && GOES_ON_TO_VALUE.test(sentence.trimStart())))
    )
      joined[joined.length - 1] = `${last.trimEnd()} ${sentence.trimStart()}`;
    else joined.push(sentence);
  }
  return joined;
}

/** A sentence, or pieces of it of about equal length when it is longer than a piece may be. */
function* piecesOf(sentence: string): Generator<string> {
  const words = sentence.split(/\s+/).filter((word) => word !== '');
  if (words.length <= PIECE_WORDS && sentence.length <= PIECE_CHARS) {
    yield sentence;
    return;
  }
  const size = Math.ceil(words.length / Math.ceil(words.length / PIECE_WORDS));
  for (let first = 0; first < words.length; first += size) {
    const piece = words.slice(first, first + size).join(' ');
    for (let at = 0; at < piece.length; ) {
      const cut = wholeCharacters(piece, at + PIECE_CHARS);
      yield piece.slice(at, cut);
      at = cut;
    }
  }
}

/** Where the chunk from `start` ends: after the last space within reach, so no word is cut. */
function chunkEnd(text: string, start: number): number {
  const limit = start + CHUNK_CHARS;
  if (limit >= text.length) return text.length;
  for (let end = limit; end > start + CHUNK_CHARS / 2; end--) {
    if (/\s/.test(text.charAt(end - 1))) return end;
  }
  return wholeCharacters(text, limit);
}

/** `end`, or one less where it would split a surrogate pair. */
function wholeCharacters(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const before = text.charCodeAt(end - 1);
  return before >= 0xd800 && before <= 0xdbff ? end - 1 : end;
}
