import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Names asked for in family chat: the one given, never the one the question names itself.
describe('offline answers to "what is the name of…?"', () => {
  it('answers with the name given, not the people the sentence or the question names', async () => {
    const messages = [
      said('noor', 'my brother Karim and his wife Lea had a boy, they named him Sami', '2026-05-01'),
    ];
    expect(await ask("What is the name of Karim's son?", messages, 'noor')).toBe('Sami');
  });

  it('never answers with the name the question asks about', async () => {
    const messages = [
      said('noor', 'Dina is back for the holidays, her roommate Joss drove her home', '2026-05-01'),
    ];
    expect(await ask("What is the name of Dina's roommate?", messages, 'noor')).toBe('Joss');
  });
});

// A relation said after "his" or "her" is the relation of the person named before it, not the speaker's.
describe('offline answers to "who is…?" of a relation after "his" or "her"', () => {
  it('reads "her husband" as the husband of the woman named before it', async () => {
    const messages = [
      said('noor', 'my cousin Hana and her husband Idris are moving to Bristol in May', '2026-05-01'),
    ];
    expect(await ask('Who is Idris?', messages, 'noor')).toBe("Hana's husband");
  });
});

// The name of a relation the evidence speaks of without naming is not held: no answer, not the sentence.
describe('offline answers to the name of a relation memory never heard', () => {
  it('declines when the best evidence speaks of the relation and names nobody new', async () => {
    const messages = [
      said('noor', 'Dina is back from uni and she says her roommate never does the dishes 🙄', '2026-05-01'),
    ];
    expect(await ask("What is the name of Dina's roommate?", messages, 'noor')).toBeNull();
    expect(await ask("What's Dina's roommate's first name?", messages, 'noor')).toBeNull();
  });

  it("never declines a pet's name: a pet is named in sentences that do not say what it is", async () => {
    const messages = [
      said('noor', 'we finally got a dog!! the kids are over the moon', '2026-05-01'),
      said('noor', 'Pepper already chewed through my favourite slippers lol', '2026-05-02'),
    ];
    expect(await ask("What is the name of Noor's dog?", messages, 'noor')).not.toBeNull();
  });
});
