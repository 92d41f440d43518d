import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// People leave out what their listener knows: evidence that shares the question's verb or another
// of its words, but none of its nouns, is read when nothing shares them, unless another peer tells
// that of itself too.
describe('offline answers from evidence that shares no noun of the question', () => {
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

  it('answers from the kind of thing asked for when no evidence names the rest', async () => {
    const chat = [
      said('olga', 'I run the fraud team now, six people', '2026-03-01'),
      said('olga', 'the canteen food is awful lol', '2026-03-01'),
    ];
    expect(await ask('Which team does Olga lead at the bank?', chat, 'olga')).toContain('fraud');
  });

  it('does not answer from a word of naming or liking alone', async () => {
    const pet = [said('olga', 'we named the kitten Pickle', '2026-03-01')];
    expect(await ask("What is the name of Olga's landlord?", pet, 'olga')).toBeNull();
    const season = [said('olga', 'autumn is my favourite season', '2026-03-01')];
    expect(await ask("What is Olga's favourite film?", season, 'olga')).toBeNull();
  });
});
