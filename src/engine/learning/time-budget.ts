/** Longest stretch of work between two turns of the event loop. */
const TURN_MS = 15;

export type TimeBudget = {
  /**
   * Called before each step of a long piece of work: gives the event loop a turn when the work
   * has held it for {@link TURN_MS}, and resolves false once the budget is spent.
   */
  next(): Promise<boolean>;
};

/**
 * A budget of `ms` milliseconds for work done in small steps on the server's one thread: other
 * requests are answered between the steps, and the work stops when the budget is spent.
 */
export function timeBudget(ms: number): TimeBudget {
  const started = performance.now();
  let turnStarted = started;
  return {
    async next() {
      const now = performance.now();
      if (now - started >= ms) return false;
      if (now - turnStarted >= TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turnStarted = performance.now();
      }
      return true;
    },
  };
}
