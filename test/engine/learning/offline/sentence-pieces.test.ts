import { describe, expect, it } from 'vitest';
import { nlp } from '../../../../src/engine/learning/offline/nlp.js';
import { sentencePieces } from '../../../../src/engine/learning/offline/sentence-pieces.js';

const PROSE =
  'I moved from Sweden four years ago. Dr. Smith met Mrs. Jones at 5 p.m. today! Did you see it? ' +
  'My dog Rex loves the park near our house… We painted a sunrise last week.\nNew line, new thought.';

describe('sentencePieces', () => {
  it('gives the sentences of ordinary text as a full parse does', () => {
    const text = PROSE.repeat(3);
    expect([...sentencePieces(text)]).toEqual(nlp(text).sentences().out('array'));
  });

  it('does not end a sentence at the full stop of a label before its value', () => {
    // "member no. is GX-20931" is one sentence: cut at "no.", the number would have no label.
    expect([...sentencePieces('tore a ligament 🙃 member no. is GX-20931')]).toEqual([
      'tore a ligament 🙃 member no. is GX-20931',
    ]);
    expect([...sentencePieces('my acc. no. is 1234')]).toEqual(['my acc. no. is 1234']);
    // "no." as a word, before a sentence of its own, still ends one.
    expect([...sentencePieces('I said no. is that bad?')]).toEqual(['I said no.', 'is that bad?']);
  });

  it('cuts a long text at the end of a sentence, so it keeps its sentences', () => {
    const text = `${PROSE} `.repeat(200);
    const pieces = [...sentencePieces(text)].map((piece) => piece.trim());
    expect(new Set(pieces)).toEqual(new Set(nlp(PROSE).sentences().out('array') as string[]));
  });

  it('gives a text without full stops in pieces of at most 40 words and 1,000 characters', () => {
    const words = 'I really like the garden and the apples we grow there every summer '.repeat(1000);
    const pieces = [...sentencePieces(words)];
    expect(pieces.every((piece) => piece.split(' ').length <= 40)).toBe(true);
    expect(pieces.join(' ').split(/\s+/).filter(Boolean)).toEqual(words.split(/\s+/).filter(Boolean));
    const run = [...sentencePieces(`${'a'.repeat(2500)} ${'😀'.repeat(2500)}`)];
    expect(run.every((piece) => piece.length <= 1000)).toBe(true);
    expect(run.join('')).toBe(`${'a'.repeat(2500)}${'😀'.repeat(2500)}`);
  });

  // A full parse of 200 KB without a full stop took 29 s and 400 KB 153 s.
  it('splits a megabyte without full stops in linear time', () => {
    const started = performance.now();
    let count = 0;
    for (const _ of sentencePieces('apples and pears '.repeat(60_000))) count++;
    expect(count).toBeGreaterThan(4000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
