import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// People leave out what their listener knows: evidence that shares only the question's verb is
// read when nothing shares its nouns, unless another peer tells that verb of itself too.
describe('offline answers from evidence that shares only the question verb', () => {
  it('answers "who … with?" from the verb alone when no evidence names the thing asked of', async () => {
    const chat = [
      said('olek', 'Maria and I are finally opening, so excited', '2026-02-01'),
      said('olek', 'the roof still leaks, landlord says next week', '2026-02-03'),
    ];
    expect(await ask('Who is Olek opening the bakery with?', chat, 'olek')).toContain('Maria');
  });

  it('answers "what will she bring?" from the verb and its object', async () => {
    const chat = [
      said('nadia', "don't worry, I'll bring a lemon tart", '2026-07-10'),
      said('nadia', 'the weather looks fine for saturday', '2026-07-10'),
    ];
    expect(await ask('What will Nadia bring to the picnic?', chat, 'nadia')).toContain('lemon tart');
  });

  it('declines when another peer tells the same verb of itself', async () => {
    const chat = [
      said('nadia', "don't worry, I'll bring a lemon tart", '2026-07-10'),
      said('tariq', "I'll bring the folding chairs", '2026-07-10'),
    ];
    expect(await ask('What will Nadia bring to the picnic?', chat, 'nadia')).toBeNull();
  });

  it('does not answer yes or no from the verb alone, which does not say the thing asked of', async () => {
    const chat = [said('nadia', "don't worry, I'll bring a lemon tart", '2026-07-10')];
    expect(await ask('Is Nadia bringing anything to the picnic?', chat, 'nadia')).toBeNull();
  });
});
