import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../../../src/engine/learning/offline/read-question.js';

const read = (question: string) => readQuestion(question, ['alice']);

describe('readQuestion', () => {
  it.each([
    ['When did alice move to Lisbon?', 'time'],
    ['How long has alice been learning the piano?', 'duration'],
    ['How long ago did alice move?', 'time'],
    ['Where does alice live?', 'place'],
    ['Which city is alice from?', 'place'],
    ["Who is alice's boss?", 'person'],
    ["What is the name of alice's dog?", 'name'],
    ["What is alice's dog called?", 'name'],
    ['How many cats does alice have?', 'number'],
    ['How old is alice?', 'age'],
    ['Is alice single?', 'yes/no'],
    ['Does alice have a cat?', 'yes/no'],
    ['Why did alice move to Porto?', 'reason'],
    ['What made alice start running?', 'reason'],
    ['What did alice take a trip to Rome for?', 'reason'],
    ["What is alice's reason for getting into running?", 'reason'],
    ['How did alice feel after the race?', 'quality'],
    ['How does alice describe the trip?', 'quality'],
    ['How was the concert?', 'quality'],
    ['How did alice get into running?', 'thing'],
    ['What instrument is alice learning?', 'thing'],
  ])('%s asks for a %s', (question, kind) => {
    expect(read(question).kind).toBe(kind);
  });

  it.each([
    ['Where does alice live now?', 'current', 'lives_in'],
    ['Where does alice live?', 'current', 'lives_in'],
    ['Where did alice live before?', 'earlier', 'lives_in'],
    ["What was alice's job before?", 'earlier', 'job'],
    ['Where does alice work?', 'current', 'job'],
    ['Is alice married?', 'current', 'relationship'],
    ["What is alice's favourite colour?", 'current', 'favorite:color'],
    ['When did alice move to Lisbon?', 'any', null],
    ['Who did alice work with on the fundraiser?', 'any', null],
  ])('%s: %s value of slot %s', (question, tense, slot) => {
    const read_ = read(question);
    expect(read_.tense).toBe(tense);
    expect(read_.slot).toBe(slot);
  });

  it('reads the word after a name as the verb it is, and an irregular past as its verb', () => {
    expect(readQuestion('What did Melanie paint?', ['Melanie']).verbs).toEqual(['paint']);
    expect(readQuestion('Where has Ada ran?', ['Ada']).words).toEqual(['run']);
  });

  it('reads which part of a date a "which year" or "what month" question wants', () => {
    expect(readQuestion('Which year did Ada adopt her first dog?', ['Ada']).timeUnit).toBe('year');
    expect(readQuestion('In what month did Ada move?', ['Ada']).timeUnit).toBe('month');
    expect(readQuestion('When did Ada move?', ['Ada']).timeUnit).toBeNull();
  });

  it('reads whether a question asks for something named, for the object of its verb, or for many things', () => {
    expect(read('What did alice buy?')).toMatchObject({ asksWhat: true, asksObject: true, asksMany: false });
    expect(read('What is alice doing?')).toMatchObject({ asksWhat: true, asksObject: false });
    expect(read("What is alice's plan for the summer?")).toMatchObject({ asksWhat: true, asksObject: true });
    expect(read('How did alice buy it?')).toMatchObject({ asksWhat: false, asksObject: false });
    expect(read('What books has alice read?').asksMany).toBe(true);
    expect(read("What are alice's hobbies?").asksMany).toBe(true);
    expect(read('What book is alice reading?').asksMany).toBe(false);
    expect(read('What class does alice take?').asksMany).toBe(false);
    expect(read('What exciting news did alice share?').asksMany).toBe(false);
  });

  it('reads the noun a "what kind of" or "which" question asks for', () => {
    expect(readQuestion('What kind of online group did John join?', ['John']).head).toBe('online group');
    expect(readQuestion('Which book is Ada reading?', ['Ada']).head).toBe('book');
    expect(readQuestion('What did Ada buy?', ['Ada']).head).toBeNull();
    expect(readQuestion('What does Ada do for fun?', ['Ada']).head).toBeNull();
  });

  it("takes the question's own nouns as anchors, not the kind of answer or the peer's name", () => {
    const question = read("What instrument did alice's daughter learn at school?");
    expect(question.anchors).toEqual(expect.arrayContaining(['daughter', 'school']));
    expect(question.anchors).not.toContain('instrument');
    expect(question.anchors).not.toContain('alic');
    expect(question.verbs).toEqual(['learn']);
  });

  it('keeps the accents of a name in its anchors, as the evidence says it', () => {
    expect(read('Where did they live before Kraków?').anchors).toContain('kraków');
    expect(read('What is Zoë studying?').anchors).toContain('zoë');
  });

  it.each([
    ['Where does Tomas work?', 'tomas', 'job@tomas'],
    ['How old is Lina?', 'lina', 'age@lina'],
    ['What school does Lina go to?', 'lina', 'studies@lina'],
    ['Where does Lina go to school?', 'lina', 'studies@lina'],
    ["Where does alice's brother live?", 'brother', 'lives_in@brother'],
    // About someone named, but of no slot: the evidence answers, never the peer's own value.
    ['What did Tomas cook on Sunday?', 'tomas', null],
    // Not about anyone named: the peer's own slot, whatever people it has named.
    ['Where does alice work?', null, 'job'],
    ['Where does Carolina work?', null, 'job'],
  ])('%s asks of %s, slot %s', (question, person, slot) => {
    const read_ = readQuestion(question, ['alice'], ['tomas', 'lina', 'brother']);
    expect(read_.person).toBe(person);
    expect(read_.slot).toBe(slot);
  });

  it('reads a named person as the peer itself when the peer has their name', () => {
    expect(readQuestion('Where does Lina work?', ['lina'], ['lina']).slot).toBe('job');
  });
});
