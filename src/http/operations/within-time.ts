/** `work`, or a rejection once `ms` pass without its answer (a database that hangs is not ready). */
export const withinTime = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);
