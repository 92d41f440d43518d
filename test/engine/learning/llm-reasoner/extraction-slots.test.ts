// The provider here is a local stand-in for a paid API: a real HTTP server on 127.0.0.1 that
// answers as an OpenAI-compatible endpoint would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { querySlots } from '../../../../src/engine/search/query-slots.js';
import { MODEL_SLOTS } from '../../../../src/engine/text/slot-vocabulary.js';
import { chatCompletion } from '../llm/support/provider-replies.js';
import { type StandInProvider, startStandInProvider } from '../llm/support/stand-in-provider.js';
import { standInReasoner } from '../llm/support/stand-in-reasoner.js';

const MESSAGES = [
  {
    id: 'm1',
    peer_id: 'ada',
    content: 'We moved to Porto last month.',
    created_at: '2026-05-08T13:56:00.000Z',
  },
];

describe('a model writes slot names from the closed vocabulary', () => {
  let provider: StandInProvider;
  beforeAll(async () => {
    provider = await startStandInProvider();
  });
  afterAll(async () => {
    await provider.close();
  });
  const reasoner = () => standInReasoner(provider);

  it('the schema offers only the known slots, and the slot it writes is one search ranks by', async () => {
    const fact = {
      content: 'Ada lives in Porto.',
      slot: 'lives_in',
      card_entry: 'Lives in: Porto',
      occurred_at: null,
      message_ids: ['m1'],
    };
    provider.answerWith(() => chatCompletion(JSON.stringify({ facts: [fact] })));
    const [draft] = await reasoner().extractObservations('ada', MESSAGES);
    const format = provider.requests[0]?.body.response_format as {
      json_schema: { schema: { properties: { facts: { items: { properties: { slot: unknown } } } } } };
    };
    const slot = JSON.stringify(format.json_schema.schema.properties.facts.items.properties.slot);
    expect(slot).toContain(JSON.stringify([...MODEL_SLOTS]));
    expect(draft?.slot).toBe('lives_in');
    expect(querySlots('where does ada live')).toContain(draft?.slot);
  });

  it('a slot name outside the vocabulary is refused, not stored where no search would find it', async () => {
    const fact = {
      content: 'Ada lives in Porto.',
      slot: 'residence',
      card_entry: null,
      occurred_at: null,
      message_ids: [],
    };
    provider.answerWith(() => chatCompletion(JSON.stringify({ facts: [fact] })));
    await expect(reasoner().extractObservations('ada', MESSAGES)).rejects.toThrow(/observations/);
  });
});
