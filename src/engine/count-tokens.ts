import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

// The encoder's tables take a few hundred milliseconds to load: start at once, in the
// background, so neither the MCP handshake nor the first message waits for all of it.
const encoder = import('gpt-tokenizer/encoding/o200k_base');

// Text that merely contains "<|endoftext|>" is ordinary text here, not a control token.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The longest piece encoded as it is. The encoder splits a text into pieces (a word, a number, a
 * run of symbols or of spaces) and merges each piece's bytes in time quadratic in its length: one
 * piece of 100,000 'a's took 9 s, of 100,000 '中' 64 s. No piece of ordinary text comes near it.
 */
const LONGEST_PIECE = 256;

// Characters counted between two turns of the event loop: a call of 100 long messages takes
// seconds, and other requests should not wait for all of it.
const CHARS_PER_TURN = 100_000;

/**
 * Counts the tokens of each text with the o200k_base encoding (GPT-4o and later), in time linear
 * in its length. A text whose pieces are all at most {@link LONGEST_PIECE} long (any ordinary
 * text) is counted exactly; a longer piece is counted in slices of that length, an estimate
 * within a token or two of each slice.
 */
export async function countTokens(texts: readonly string[]): Promise<number[]> {
  const { countTokens: count } = await encoder;
  const counts: number[] = [];
  let sinceTurn = 0;
  for (const text of texts) {
    if (sinceTurn >= CHARS_PER_TURN) {
      await new Promise((resolve) => setImmediate(resolve));
      sinceTurn = 0;
    }
    sinceTurn += text.length;
    const pieces = [...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].map(([piece]) => piece);
    if (pieces.every((piece) => piece.length <= LONGEST_PIECE)) {
      counts.push(count(text, AS_PLAIN_TEXT));
      continue;
    }
    // Each piece alone is split and merged as within the text, so the other pieces count exactly.
    let total = 0;
    for (const piece of pieces) {
      for (const slice of slices(piece)) total += count(slice, AS_PLAIN_TEXT);
    }
    counts.push(total);
  }
  return counts;
}

/** A piece in slices of at most {@link LONGEST_PIECE} code units, never splitting a surrogate pair. */
function* slices(piece: string): Generator<string> {
  for (let start = 0; start < piece.length; ) {
    let end = Math.min(start + LONGEST_PIECE, piece.length);
    const last = piece.charCodeAt(end - 1);
    if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield piece.slice(start, end);
    start = end;
  }
}
