import { describe, expect, it } from 'vitest';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';
import { namedPersonFacts } from '../../../../src/engine/learning/offline/named-people.js';

describe('namedPersonFacts', () => {
  it.each([
    ['Tomas got a job at the Charité hospital.', 'job@tomas', 'Tomas works at: Charité hospital'],
    ['my brother lives in Porto', 'lives_in@brother', 'Brother lives in: Porto'],
    ['My sister Ana just moved to Lyon.', 'lives_in@ana', 'Ana lives in: Lyon'],
    ['Karim works as a nurse.', 'job@karim', 'Karim works as: nurse'],
    // A name the tagger's word list holds as a name, and one it does not hold at all.
    ['Harry works at the bakery now.', 'job@harry', 'Harry works at: bakery'],
    ['Oskar works at the bakery now.', 'job@oskar', 'Oskar works at: bakery'],
    // "'s" as a shortened "is" after a name.
    ["Sam's a carpenter, he has a workshop in Headingley", 'job@sam', 'Sam works as: carpenter'],
    [
      'Lina started first grade at an international school in Kreuzberg.',
      'studies@lina',
      "Lina's school: first grade at an international school in Kreuzberg",
    ],
  ])('"%s" is a fact of the person named, in a slot of theirs', (clause, slot, entry) => {
    expect(namedPersonFacts(clause, { last: null, known: new Set<string>() })?.facts).toEqual([
      { slot, entry },
    ]);
  });

  it('reads "she" as the last person the peer named', () => {
    const named = { last: null, known: new Set<string>() };
    expect(namedPersonFacts('I live in Stockholm with our daughter Lina.', named)).toBeNull();
    expect(namedPersonFacts("she's 6.", named)?.facts).toEqual([
      { slot: 'age@lina', entry: "Lina's age: 6" },
    ]);
  });

  it('reads "he" as the one named last in the clause before, not its subject', () => {
    const named = { last: null, known: new Set<string>() };
    namedPersonFacts('My wife Ana and I rent a flat in Porto with our son Rui.', named);
    expect(namedPersonFacts('he is 4.', named)?.facts).toEqual([{ slot: 'age@rui', entry: "Rui's age: 4" }]);
  });

  it.each([
    ['Berlin is great, we love it.'],
    ['Caroline went to a support group.'],
    ["She's 6."],
    ['My boss Maria is strict but fair.'],
    // A possessive is no shortened verb.
    ["Sam's workshop is in Headingley."],
    // Words the tagger lists as something else are no one's name, even when a sentence tagged
    // whole reads them as one.
    ["August's been eventful, I work at a bank."],
    ['Iron Man lives in New York.'],
  ])('finds no fact of a named person in "%s"', (clause) => {
    expect(namedPersonFacts(clause, { last: null, known: new Set<string>() })).toBeNull();
  });
});

describe('extractObservations, of the people a peer names', () => {
  const said = (content: string, i: number) => ({
    id: `m${i}`,
    peer_id: 'maria',
    content,
    created_at: '2025-07-15T10:00:00.000Z',
  });

  it('keeps the family a peer names on its card, and their facts as theirs', async () => {
    const drafts = await extractObservations(
      'maria',
      [
        "Hi! I'm Maria. I live in Stockholm with my husband Tomas and our daughter Lina, she's 6.",
        'Tomas got a job at the Charité hospital.',
        "I'm working remotely for Spotify now.",
      ].map(said),
    );
    expect(drafts.map((draft) => [draft.slot, draft.cardEntry])).toEqual([
      ['lives_in', 'Lives in: Stockholm'],
      [null, 'Husband: Tomas'],
      [null, 'Daughter: Lina'],
      ['age@lina', "Lina's age: 6"],
      ['job@tomas', 'Tomas works at: Charité hospital'],
      ['job', 'Works at: Spotify'],
    ]);
    expect(drafts.map((draft) => draft.content).slice(1, 5)).toEqual([
      "Maria's husband is Tomas.",
      "Maria's daughter is Lina.",
      'Lina is 6.',
      'Tomas got a job at the Charité hospital.',
    ]);
  });

  it('reads a name the peer gave by relation as a person in later sentences', async () => {
    const drafts = await extractObservations(
      'maria',
      ['My sister Zuzanka is a vet.', 'Zuzanka moved to Lyon last year.'].map(said),
    );
    expect(drafts.map((draft) => draft.cardEntry)).toContain('Zuzanka lives in: Lyon');
  });

  it('keeps a sentence whole when what follows "he" tells no fact of someone just named', async () => {
    const drafts = await extractObservations(
      'maria',
      ["Here's how I'm making a beat for a young artist, he has great potential in music!"].map(said),
    );
    expect(drafts.map((draft) => draft.content)).toEqual([
      "Here's how maria is making a beat for a young artist, he has great potential in music!",
    ]);
  });

  it('learns nothing from a sentence about someone it does not name', async () => {
    const drafts = await extractObservations('maria', ['Caroline went to a support group.'].map(said));
    expect(drafts).toEqual([]);
  });
});
