/**
 * Turns texts into vectors. `dimensions` is the vector length when known before the first call;
 * `undefined` means whatever the model gives.
 */
export type Embedder = {
  readonly model: string;
  readonly dimensions: number | undefined;
  /** One vector per text, in the order of `texts`. */
  embed(texts: string[]): Promise<Float32Array[]>;
};
