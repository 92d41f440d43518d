/**
 * Vectors travel as base64 of their float32 bytes: one text form that both database drivers
 * and the relay between processes carry unchanged (bytea in the database).
 */
export function encodeVector(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

export function decodeVector(base64: string): Float32Array {
  const bytes = Buffer.from(base64, 'base64');
  // Copy into an aligned buffer: a Buffer slice may start at an odd offset.
  const aligned = new Uint8Array(bytes.byteLength);
  aligned.set(bytes);
  return new Float32Array(aligned.buffer);
}

/** Cosine similarity of two L2-normalised vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}
