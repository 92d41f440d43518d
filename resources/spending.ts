import type { MemoryResource } from './resource.js';

export const spendingResource: MemoryResource = {
  name: 'spending',
  uri: 'memory://spending',
  title: 'Spending',
  description:
    'What this server paid its upstream today and lately (remote mode): the total, per endpoint, the remaining daily budget, the per-call limit and the last payments. Nothing in embedded mode.',
  mimeType: 'application/json',
  async read(_variables, { memory }) {
    return JSON.stringify(await memory.getSpending(), null, 2);
  },
};
