import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

const message = (id: string, content: string) => ({
  id,
  peer_id: 'Ada',
  content,
  created_at: '2026-05-08T13:56:00.000Z',
});

const ask = (question: string, messages: AnswerRequest['messages'], level: AnswerRequest['level'] = 'low') =>
  answerQuestion({ question, peer: 'Ada', about: 'Ada', observations: [], slotFacts: [], messages, level });

describe('answerQuestion, offline', () => {
  it('answers from the sentence of a message that holds the answer', async () => {
    const messages = [message('1', 'Hello there. I moved to Lisbon in 2019. The weather is nice.')];
    expect(await ask('When did Ada move to Lisbon?', messages)).toBe('2019');
  });

  it("declines a question whose words only the asker's name shares with the memory", async () => {
    const messages = [
      { ...message('1', 'I moved to Lisbon last spring.'), peer_id: 'alice' },
      { ...message('2', 'I work as a nurse at Santa Maria hospital.'), peer_id: 'alice' },
    ];
    const ask = (question: string) =>
      answerQuestion({
        question,
        peer: 'alice',
        about: 'alice',
        observations: [],
        slotFacts: [],
        messages,
        level: 'low',
      });
    // "alice's" is the name, stemmed like the question's other words: it answers nothing.
    expect(await ask("What is alice's favourite colour?")).toBeNull();
    expect(await ask('Where did alice move?')).toBe('Lisbon');
  });

  it('reads long stored messages in bounded time, and other work runs meanwhile', async () => {
    // Six messages of 100,000 characters without a full stop: parsed whole, one took minutes.
    const words = 'garden river market lantern window pocket '.repeat(2400).slice(0, 100_000);
    const messages = Array.from({ length: 6 }, (_, i) => message(String(i), words));
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await ask('What did Ada see at the market?', messages, 'medium');
    } finally {
      clearInterval(ticker);
    }
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(longestGap).toBeLessThan(1_000);
  }, 30_000);
});
