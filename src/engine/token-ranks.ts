/** Where the build writes the o200k_base token table, relative to the package root (it ships). */
export const TOKEN_RANKS_FILE = 'dist/token-ranks/o200k_base.bin';

const MAGIC = 'PMTR';
const VERSION = 1;
const HEADER_BYTES = 12;

/** The rank of a byte sequence in the encoding, or -1 when it is not a token. */
export type TokenRanks = (bytes: Uint8Array, start: number, end: number) => number;

/**
 * The encoding's tokens as one file: a 12-byte header (magic, version, token count), the end
 * offset of each token's bytes (uint32, little-endian), then the bytes of every token in rank
 * order. A rank the encoding leaves unused has no bytes.
 */
export function encodeTokenRanks(tokens: readonly Uint8Array[]): Uint8Array {
  const byteCount = tokens.reduce((sum, token) => sum + token.byteLength, 0);
  const bytesAt = HEADER_BYTES + tokens.length * 4;
  const file = new Uint8Array(bytesAt + byteCount);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, tokens.length, true);
  let end = 0;
  tokens.forEach((token, rank) => {
    file.set(token, bytesAt + end);
    end += token.byteLength;
    view.setUint32(HEADER_BYTES + rank * 4, end, true);
  });
  return file;
}

/**
 * The rank lookup over a file {@link encodeTokenRanks} wrote: an open-addressing hash table of
 * ranks (a typed array) over the file's own bytes, ~5 MB for o200k_base's 200,000 tokens. The
 * encoder's own tables (a map from each token's string to its rank, a cache of merges) held ~45 MB
 * in every process that counted tokens.
 */
export function decodeTokenRanks(file: Uint8Array): TokenRanks {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.byteLength < HEADER_BYTES || new TextDecoder().decode(file.subarray(0, 4)) !== MAGIC)
    throw new Error('not a token table');
  if (view.getUint32(4, true) !== VERSION) throw new Error(`token table version ${view.getUint32(4, true)}`);
  const count = view.getUint32(8, true);
  const bytesAt = HEADER_BYTES + count * 4;
  const ends = new Uint32Array(count);
  for (let rank = 0; rank < count; rank++) ends[rank] = view.getUint32(HEADER_BYTES + rank * 4, true);
  const bytes = file.subarray(bytesAt);
  if ((ends[count - 1] ?? 0) !== bytes.byteLength) throw new Error('token table is cut short');
  const startOf = (rank: number) => (rank === 0 ? 0 : (ends[rank - 1] ?? 0));

  // At most half full, so that a missing sequence is told after a probe or two.
  let size = 1;
  while (size < count * 2) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  for (let rank = 0; rank < count; rank++) {
    const start = startOf(rank);
    const end = ends[rank] ?? 0;
    if (end === start) continue;
    let slot = hash(bytes, start, end) & mask;
    while ((slots[slot] ?? -1) !== -1) slot = (slot + 1) & mask;
    slots[slot] = rank;
  }

  return (sequence, start, end) => {
    for (let slot = hash(sequence, start, end) & mask; ; slot = (slot + 1) & mask) {
      const rank = slots[slot] ?? -1;
      if (rank === -1) return -1;
      const tokenStart = startOf(rank);
      if ((ends[rank] ?? 0) - tokenStart !== end - start) continue;
      let same = true;
      for (let i = 0; same && i < end - start; i++) same = bytes[tokenStart + i] === sequence[start + i];
      if (same) return rank;
    }
  };
}

/** FNV-1a over the bytes from `start` to `end`. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let value = 0x811c9dc5;
  for (let i = start; i < end; i++) value = Math.imul(value ^ (bytes[i] ?? 0), 0x01000193);
  return value >>> 0;
}

/**
 * How many tokens byte-pair encoding makes of one piece: the adjacent pair of parts whose joined
 * bytes rank lowest is merged, leftmost first, until no joined pair is a token (tiktoken's merge).
 */
export function countPieceTokens(ranks: TokenRanks, bytes: Uint8Array, length: number): number {
  if (length <= 1 || ranks(bytes, 0, length) !== -1) return Math.min(length, 1);
  // starts[i] is where part i begins; pairRanks[i] the rank of parts i and i + 1 joined.
  const starts: number[] = [];
  for (let at = 0; at <= length; at++) starts.push(at);
  const pairRank = (i: number) =>
    i + 2 < starts.length ? ranks(bytes, starts[i] ?? 0, starts[i + 2] ?? 0) : -1;
  const pairRanks: number[] = [];
  for (let i = 0; i + 2 < starts.length; i++) pairRanks.push(pairRank(i));
  for (;;) {
    let lowest = -1;
    for (let i = 0; i < pairRanks.length; i++) {
      const rank = pairRanks[i] ?? -1;
      if (rank !== -1 && (lowest === -1 || rank < (pairRanks[lowest] ?? -1))) lowest = i;
    }
    if (lowest === -1) return starts.length - 1;
    starts.splice(lowest + 1, 1);
    pairRanks.splice(lowest + 1, 1);
    pairRanks[lowest] = pairRank(lowest);
    if (lowest > 0) pairRanks[lowest - 1] = pairRank(lowest - 1);
    if (pairRanks.length > starts.length - 2) pairRanks.length = Math.max(0, starts.length - 2);
  }
}
