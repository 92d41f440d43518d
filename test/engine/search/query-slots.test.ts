import { describe, expect, it } from 'vitest';
import { querySlots, slotTense } from '../../../src/engine/search/query-slots.js';

describe('querySlots', () => {
  it('reads the facts with one value at a time a query asks about', () => {
    expect(querySlots('where does alice live')).toEqual(['lives_in']);
    expect(querySlots("what is bob's favourite colour")).toEqual(['favorite:color']);
    expect(querySlots('the concert was loud')).toEqual([]);
  });

  it('reads whether a query asks for the current value, the ones it replaced, or any', () => {
    expect(slotTense('where does alice live')).toBe('current');
    expect(slotTense('where does alice live now')).toBe('current');
    expect(slotTense('where did alice live before')).toBe('replaced');
    expect(slotTense("what was bob's job previously")).toBe('replaced');
    expect(slotTense('where did alice live')).toBe('any');
    expect(slotTense('alice home')).toBe('any');
  });
});
