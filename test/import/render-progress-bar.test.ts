import { expect, it } from 'vitest';
import { renderProgressBar } from '../../src/cli/run-import.js';

it('the progress bar a terminal shows: filled in proportion, the count and the share', () => {
  expect(renderProgressBar(0, 2500, 20)).toBe('[--------------------] 0/2,500   0%');
  expect(renderProgressBar(1000, 2500, 20)).toBe('[########------------] 1,000/2,500  40%');
  expect(renderProgressBar(2500, 2500, 20)).toBe('[####################] 2,500/2,500 100%');
  expect(renderProgressBar(0, 0, 4)).toBe('[####] 0/0 100%');
});
