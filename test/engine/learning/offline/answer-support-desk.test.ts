import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

const said = (id: string, content: string) => ({
  id,
  peer_id: 'sam',
  content,
  created_at: '2026-03-20T10:00:00.000Z',
});

const ask = (question: string, messages: AnswerRequest['messages']) =>
  answerQuestion({
    question,
    peer: 'sam',
    about: 'sam',
    observations: [],
    slotFacts: [],
    messages,
    level: 'low',
  });

describe('answerQuestion, the way a support desk writes', () => {
  it('reads "it" after the verb asked of as the noun the question names', async () => {
    const messages = [
      said('1', "I've opened ticket 5120 for you."),
      said('2', "I'm sorry about the wait. I've escalated it to my team lead Priya."),
    ];
    expect(await ask('Who did Sam escalate the ticket to?', messages)).toContain('Priya');
  });
});
