import { describe, expect, it } from 'vitest';
import { capitalised, upperFirst } from '../../../src/engine/text/capitals.js';

describe('capitals', () => {
  it('writes a name with its first letter a capital and leaves the rest as it is', () => {
    expect(upperFirst('alice')).toBe('Alice');
    expect(upperFirst('mcKenzie')).toBe('McKenzie');
    expect(upperFirst('')).toBe('');
  });

  it('writes a label as one capital and the rest lower case', () => {
    expect(capitalised('BROTHER')).toBe('Brother');
    expect(capitalised('daughter')).toBe('Daughter');
  });
});
