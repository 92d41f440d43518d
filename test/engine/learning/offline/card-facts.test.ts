import { describe, expect, it } from 'vitest';
import { findCardFact, findCardFacts } from '../../../../src/engine/learning/offline/card-facts.js';

describe('findCardFact', () => {
  it.each([
    // A name, said out or shortened.
    ['My name is Aoife Byrne, nice to meet you.', 'name', 'Name: Aoife Byrne'],
    ["hey, my name's Kwabena, I'm new here", 'name', 'Name: Kwabena'],
    // Residence, however the move is said.
    ['I live in Lisbon.', 'lives_in', 'Lives in: Lisbon'],
    ['I moved to Lisbon last spring and I love it here.', 'lives_in', 'Lives in: Lisbon'],
    ['Big news: my wife and I moved to Porto last week.', 'lives_in', 'Lives in: Porto'],
    ["I'm based in Leeds for now.", 'lives_in', 'Lives in: Leeds'],
    ['I relocated to Cambridge for the new job.', 'lives_in', 'Lives in: Cambridge'],
    ["I no longer live in Berlin, I'm in Hamburg these days.", 'lives_in', 'Lives in: Hamburg'],
    ['We just bought a house in Santa Cruz!', 'lives_in', 'Lives in: Santa Cruz'],
    // Work: one slot, however it is said.
    ['I work as a nurse at Santa Maria hospital.', 'job', 'Works as: nurse at Santa Maria hospital'],
    ['I now work as a teacher at a primary school.', 'job', 'Works as: teacher at a primary school'],
    [
      "Currently I'm working as a barista at Blue Bottle Coffee.",
      'job',
      'Works as: barista at Blue Bottle Coffee',
    ],
    [
      "I'm a software engineer at Acme Corp, mostly backend work.",
      'job',
      'Works as: software engineer at Acme Corp',
    ],
    ['After graduating I joined Pfizer as a lab technician.', 'job', 'Works as: lab technician at Pfizer'],
    ["I've been working as a chef for ten years.", 'job', 'Works as: chef'],
    // However the job is said: how one works, "now" after the employer, a kind of place after its name.
    ["I'm working remotely for Spotify now.", 'job', 'Works at: Spotify'],
    ['I work part-time at Zalando.', 'job', 'Works at: Zalando'],
    ['I got a job at the Charité hospital.', 'job', 'Works at: Charité hospital'],
    ["I'm employed by Siemens as an engineer.", 'job', 'Works as: engineer at Siemens'],
    ['I started working at Zalando last month.', 'job', 'Works at: Zalando'],
    ['I took a job with the Red Cross.', 'job', 'Works at: Red Cross'],
    // Work said as what one does where, a field in capitals too.
    ['still UX, I do UX at a small studio now', 'job', 'Works as: UX at small studio'],
    ['I do IT for a law firm in Leeds.', 'job', 'Works as: IT at law firm in Leeds'],
    ['I do payroll for the council.', 'job', 'Works as: payroll at council'],
    // School, said of a child: the year and the school.
    [
      'I started first grade at an international school in Kreuzberg.',
      'studies',
      'School: first grade at an international school in Kreuzberg',
    ],
    ['I quit Acme last month, the hours were brutal.', 'job', null],
    ['I left my job at the bank.', 'job', null],
    // Other facts with one value at a time.
    ['Dan and I got engaged last Saturday!', 'relationship', 'Relationship: engaged to Dan'],
    ["I'm single and honestly enjoying it.", 'relationship', 'Relationship: single'],
    [
      'These days my favourite colour is yellow, like our wedding flowers.',
      'favorite:color',
      'Favorite colour: yellow',
    ],
    [
      "I'm studying biology at the University of Leeds.",
      'studies',
      'Studies: biology at the University of Leeds',
    ],
    ["I'm 34 years old and I have a daughter named Mia.", 'age', 'Age: 34'],
    ['I drive a blue Volvo that I bought in 2019.', 'vehicle', 'Drives: blue Volvo'],
    // Facts that do not replace each other.
    ['My boss Maria is strict but fair.', null, 'Boss: Maria'],
    // A title's full stop ends no name.
    ['took up the violin, my teacher is called Mrs. Okoro', null, 'Teacher: Mrs. Okoro'],
    ['Last summer I adopted a dog called Pepper.', null, 'Dog: Pepper'],
    ['We have a cat named Luna.', null, 'Cat: Luna'],
    // Where one lives and works, said in passing; what one looks after; where one is reached.
    ['Our flat in Glasgow is tiny.', 'lives_in', 'Lives in: Glasgow'],
    ["somebody has to drive him and I can't, I'm in work in Kraków all week", null, 'Works in: Kraków'],
    ["I'm taking over push notifications from Grace.", null, 'Looks after: push notifications'],
    ["I'll own the release notes.", null, 'Looks after: release notes'],
    [
      'My new address is 22 Harrow Lane, Bristol BS3 4QT.',
      'address',
      'Address: 22 Harrow Lane, Bristol BS3 4QT',
    ],
    ["my address changed, it's Hauptstr. 12, 10827 Berlin", 'address', 'Address: Hauptstr. 12, 10827 Berlin'],
    // Names in any alphabet's capitals, and "our" as well as "my".
    ['my best friend Théo is moving to Montreal', null, 'Best friend: Théo'],
    ['my partner Inês works night shifts at the airport', null, 'Partner: Inês'],
    ["We have a flat in Kreuzberg with our daughter Lina, she's 6.", null, 'Daughter: Lina'],
    ["I'm allergic to peanuts, so I always check labels.", null, 'Allergic to: peanuts'],
    // Said as chat says it: a filler after an age, "have been married", a birthplace, whom one
    // lives with, where one works and as what, a diet without its hyphen.
    ["I'm 29 btw", 'age', 'Age: 29'],
    ["I've been married to Sam for 6 years", 'relationship', 'Relationship: married to Sam'],
    ['born and raised in Texas', 'from', 'From: Texas'],
    ['I grew up in Cork', 'from', 'From: Cork'],
    ['I live with my girlfriend in Brighton', 'lives_in', 'Lives in: Brighton'],
    ['I work for Deloitte as an auditor', 'job', 'Works as: auditor at Deloitte'],
    ["I'm gluten free", 'diet', 'Diet: gluten free'],
    // Where to reach one, a birthday, children named together.
    ['my email is sam@example.com', null, 'Email: sam@example.com'],
    ['my number is 07700 900123', null, 'Phone: 07700 900123'],
    ['my birthday is on 3 March', null, 'Birthday: 3 March'],
    ['we have two kids, Mia and Leo', null, 'Children: Mia and Leo'],
    // An allergy said as a noun; "a food allergy" names no food.
    ['I have a peanut allergy.', null, 'Allergic to: peanut'],
    ["I've got a bad shellfish allergy so no paella for me", null, 'Allergic to: shellfish'],
  ])('%s', (sentence, slot, entry) => {
    expect(findCardFact(sentence)).toEqual({ slot, entry });
  });

  it.each([
    ['I love it here.'],
    ['I left Paris in 2019.'],
    ['I lived in Tokyo for five years before I came back home.'],
    ['My wife got a job at the university.'],
    ['I own a lot of books.'],
    ["Well, I'll be nearby, I'll look after your pockets."],
    ['I do yoga at the community centre on Tuesdays.'],
    ['I do it for fun.'],
    // No age in a count of minutes, no phone in a short number, no birthday without its day.
    ["I'm 29 minutes late"],
    ['my number is 42 on the squad list'],
    ['my birthday is soon!'],
  ])('finds no card fact in "%s"', (sentence) => {
    expect(findCardFact(sentence)).toBeNull();
  });

  it('finds every fact of a clause, one value for each slot', () => {
    expect(
      findCardFacts('I live in Stockholm with my husband Tomas and our daughter Lina, she is 6.'),
    ).toEqual([
      { slot: 'lives_in', entry: 'Lives in: Stockholm' },
      { slot: null, entry: 'Husband: Tomas' },
      { slot: null, entry: 'Daughter: Lina' },
    ]);
    expect(findCardFacts('I live in Porto, I lived in Leeds before.')).toEqual([
      { slot: 'lives_in', entry: 'Lives in: Porto' },
    ]);
  });

  it('keeps an entry whole or gives none: a value of more than eight words is no entry', () => {
    const fact = findCardFact(
      'I work as a senior assistant to the regional director of sales and marketing operations.',
    );
    expect(fact?.entry ?? null).not.toMatch(/ (?:of|and)$/);
  });
});
