import { MemoryError, UnavailableError } from './errors.js';
import type { MemoryService } from './memory-service.js';

/** A store being opened in the background: its memory, and a check that resolves once the store answers. */
export type OpeningStore = {
  memory: MemoryService;
  /** Resolves when the store answers, rejects when opening it failed (the next call tries again). */
  ready(): Promise<void>;
};

export type MemoryWhenOpenOptions = {
  /** Where the store is, as a person reads it ("data folder /home/me/.local/share/peermem"). */
  place: string;
  /** How long one call waits for the store before it is answered that the store is still opening. */
  waitMs: number;
};

/**
 * A memory whose calls wait for a store that is still opening. A server answers the MCP
 * handshake and the tool list at once, while the store (the engine's code, the database, its
 * migrations) opens in the background; a call waits only as long as the store needs, and no
 * longer than `waitMs`, then fails with an error that names the store and says what to do.
 */
export function memoryWhenOpen(
  opening: Promise<OpeningStore>,
  options: MemoryWhenOpenOptions,
): MemoryService {
  // Not a rejection nobody handles while no call has come yet.
  opening.catch(() => {});
  let open: MemoryService | undefined;

  async function whenOpen(): Promise<MemoryService> {
    if (open) return open;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new UnavailableError(
            `the memory in the ${options.place} is still opening after ${options.waitMs / 1000} s`,
            { hint: 'Try again in a moment: it goes on opening in the background.' },
          ),
        );
      }, options.waitMs);
    });
    try {
      const store = await Promise.race([opening, late]);
      await Promise.race([store.ready(), late]);
      open = store.memory;
      return open;
    } catch (error) {
      if (error instanceof MemoryError) throw error;
      throw new UnavailableError(`the ${options.place} could not be opened: ${(error as Error).message}`, {
        cause: error,
        hint: 'Check that the folder is readable and writable and that no other program holds it; the next call tries again.',
      });
    } finally {
      clearTimeout(timer);
    }
  }

  // Every operation of the memory, forwarded once the store is open.
  return new Proxy({} as MemoryService, {
    get(_, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const memory = await whenOpen();
        const operation = memory[name as keyof MemoryService] as (...input: unknown[]) => Promise<unknown>;
        return operation.apply(memory, args);
      };
    },
  });
}
