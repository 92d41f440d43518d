import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { packageRoot } from '../package-root.js';
import { UnavailableError } from '../service/errors.js';
import { countPieceTokens, decodeTokenRanks, TOKEN_RANKS_FILE, type TokenRanks } from './token-ranks.js';

let loading: Promise<TokenRanks> | undefined;

/**
 * Starts loading the o200k_base token table (~5 MB resident, tens of milliseconds). The engine
 * starts it when it opens, so that the first message does not wait for it.
 */
export function loadTokenCounter(): Promise<TokenRanks> {
  loading ??= readTokenRanks().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readTokenRanks(): Promise<TokenRanks> {
  const path = join(packageRoot(), TOKEN_RANKS_FILE);
  try {
    return decodeTokenRanks(await readFile(path));
  } catch (cause) {
    throw new UnavailableError('the token table is missing or unreadable', {
      cause,
      hint: `Build the package (npm run build) so that ${TOKEN_RANKS_FILE} exists.`,
    });
  }
}

/**
 * The longest piece encoded as it is. The encoder splits a text into pieces (a word, a number, a
 * run of symbols or of spaces) and merges each piece's bytes in time quadratic in its length: one
 * piece of 100,000 'a's took 9 s, of 100,000 '中' 64 s. No piece of ordinary text comes near it.
 */
const LONGEST_PIECE = 256;

const encoder = new TextEncoder();

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
  const ranks = await loadTokenCounter();
  // A piece of at most LONGEST_PIECE code units is at most three bytes a unit in UTF-8.
  const buffer = new Uint8Array(LONGEST_PIECE * 3);
  const count = (piece: string) => countPieceTokens(ranks, buffer, encoder.encodeInto(piece, buffer).written);
  const counts: number[] = [];
  let sinceTurn = 0;
  for (const text of texts) {
    if (sinceTurn >= CHARS_PER_TURN) {
      await new Promise((resolve) => setImmediate(resolve));
      sinceTurn = 0;
    }
    sinceTurn += text.length;
    const pieces = [...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].map(([piece]) => piece);
    // Each piece is merged on its own, as the encoder does; a longer one in slices.
    let total = 0;
    for (const piece of pieces) {
      if (piece.length <= LONGEST_PIECE) total += count(piece);
      else for (const slice of slices(piece)) total += count(slice);
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
