import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import type { MemoryService } from '../../../src/service/memory-service.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const GERMAN = 'Ich lerne jetzt Deutsch, zweimal pro Woche an der Volkshochschule.';
const SPANISH = 'Cancelamos el viaje a Japón por la mudanza.';

describe.each(['pglite', 'postgres'] as const)('messages the offline reasoner cannot read, on %s', (kind) => {
  let db: Database;
  let engine: Engine;
  let memory: MemoryService;
  beforeAll(async () => {
    db = await openTestDatabase(kind, `languages_${kind}`);
    engine = createEngine(db, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
    });
    memory = engine.memory(uniqueWorkspace('languages'));
    await memory.addMessages({
      session: 'berlin',
      messages: [
        { peer: 'maria', content: 'I moved to Berlin last week with my husband Tomas.' },
        { peer: 'maria', content: GERMAN },
      ],
    });
    await memory.addMessages({ session: 'trips', messages: [{ peer: 'maria', content: SPANISH }] });
    await engine.deriver?.drain();
  }, 180_000);
  afterAll(async () => {
    await engine.stop();
    await db.close();
  });

  it('are stored and found by search', async () => {
    const { messages } = await memory.search({ query: 'Volkshochschule', limit: 5 });
    expect(messages[0]?.content).toBe(GERMAN);
    const { messages: trips } = await memory.search({ query: 'viaje Japón', limit: 5 });
    expect(trips[0]?.content).toBe(SPANISH);
  });

  it('teach nothing, while the English message beside them is learned from', async () => {
    const { items } = await memory.listObservations({
      observed: 'maria',
      page: 1,
      size: 100,
      reverse: false,
    });
    expect(items.some((observation) => observation.content.includes('Berlin'))).toBe(true);
    expect(items.filter((observation) => /Volkshochschule|viaje|Deutsch/.test(observation.content))).toEqual(
      [],
    );
  });

  it('are counted in the status with their reason, in all and by session', async () => {
    expect(await memory.getDeriverStatus({})).toMatchObject({
      done: 2,
      failed: 0,
      not_learned: { count: 2, reasons: { language: 2 } },
    });
    expect((await memory.getDeriverStatus({ session: 'trips' })).not_learned).toEqual({
      count: 1,
      reasons: { language: 1 },
    });
  });

  it('are no longer counted once deleted', async () => {
    await memory.deleteSession({ session: 'trips' });
    expect((await memory.getDeriverStatus({})).not_learned).toEqual({ count: 1, reasons: { language: 1 } });
  });
});
