import { Transform, type TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;
// Where a request's id is looked for in a frame too large to parse: clients write it either
// first (after "jsonrpc") or last, so only the two ends of the frame are kept.
const END_BYTES = 512;
const ID_VALUE = String.raw`("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})`;
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*` + ID_VALUE);
const ID_LAST = new RegExp(String.raw`[,{]\s*"id"\s*:\s*` + ID_VALUE + String.raw`\s*\}\s*$`);

/** The id of the request whose frame begins with `head` and ends with `tail`, when they name one. */
function requestIdOf(head: Buffer, tail: Buffer): string | number | undefined {
  const match = ID_FIRST.exec(head.toString('utf8')) ?? ID_LAST.exec(tail.toString('utf8'));
  if (match?.[1] === undefined) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
}

const lastBytes = (buffers: Buffer[]) => {
  const joined = Buffer.concat(buffers);
  return joined.subarray(Math.max(0, joined.length - END_BYTES));
};

/**
 * Newline-delimited frames (the MCP stdio binding) of at most `maxBytes` each, passed on whole.
 * A longer frame is dropped as it streams in, without buffering it, and reported with the id of
 * its request when its first bytes name one, so that the request can be answered with an error
 * instead of leaving the client waiting or the transport closed.
 */
export class BoundedFrames extends Transform {
  readonly #maxBytes: number;
  readonly #onOversized: (requestId: string | number | undefined) => void;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** The two ends of the oversized frame being dropped, until its newline arrives. */
  #dropping: { head: Buffer; tail: Buffer } | undefined;

  constructor(maxBytes: number, onOversized: (requestId: string | number | undefined) => void) {
    super();
    this.#maxBytes = maxBytes;
    this.#onOversized = onOversized;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, offset);
      const end = newline === -1 ? chunk.length : newline + 1;
      this.#take(chunk.subarray(offset, end), newline !== -1);
      offset = end;
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.#pendingBytes > 0) this.push(Buffer.concat(this.#pending));
    callback();
  }

  #take(piece: Buffer, endsFrame: boolean): void {
    if (this.#dropping !== undefined) {
      const tail = lastBytes([this.#dropping.tail, piece]);
      if (endsFrame) this.#report(this.#dropping.head, tail);
      else this.#dropping.tail = tail;
      return;
    }
    // The newline itself does not count against the frame.
    if (this.#pendingBytes + piece.length - (endsFrame ? 1 : 0) > this.#maxBytes) {
      const head = Buffer.concat([...this.#pending, piece.subarray(0, END_BYTES)]).subarray(0, END_BYTES);
      const tail = lastBytes([...this.#pending.slice(-1), piece]);
      this.#pending = [];
      this.#pendingBytes = 0;
      if (endsFrame) this.#report(head, tail);
      else this.#dropping = { head, tail };
      return;
    }
    this.#pending.push(piece);
    this.#pendingBytes += piece.length;
    if (!endsFrame) return;
    this.push(Buffer.concat(this.#pending));
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  #report(head: Buffer, tail: Buffer): void {
    this.#dropping = undefined;
    this.#onOversized(requestIdOf(head, tail));
  }
}
