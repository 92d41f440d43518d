import { describe, expect, it } from 'vitest';
import { asksOfAnother } from '../../../../src/engine/learning/offline/answer/asked-person.js';

// The peer's own card answers only a question about the peer: "where does Liam work?", asked of
// Tom, is not answered with Tom's employer.
describe('asksOfAnother', () => {
  it.each([
    ['Where does Liam work?'],
    ["What is Liam's job?"],
    ['Where does their mum work?'],
    ['What did Zara study?'],
  ])('"%s", asked of Tom, asks of someone else', (question) => {
    expect(asksOfAnother(question, ['tom', 'tom'])).toBe(true);
  });

  it.each([
    ['Where does Tom work now?'],
    ["What is Tom's job?"],
    ['Where does he work?'],
    ['Is Tom still married?'],
  ])('"%s", asked of Tom, asks of Tom', (question) => {
    expect(asksOfAnother(question, ['tom', 'tom'])).toBe(false);
  });
});
