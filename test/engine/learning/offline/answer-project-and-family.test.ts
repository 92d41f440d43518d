import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

const said = (peer: string, content: string, id = content) => ({
  id,
  peer_id: peer,
  content,
  created_at: '2026-02-02T10:00:00.000Z',
});

const ask = (about: string, question: string, messages: AnswerRequest['messages']) =>
  answerQuestion({ question, peer: about, about, observations: [], slotFacts: [], messages, level: 'low' });

describe('answerQuestion, offline: a project as people write of it', () => {
  it('answers when a release named by its version ships from the date it slipped to', async () => {
    const messages = [
      said('ayesha', 'app store submission deadline is the 27th for 3.8.0.'),
      said('ayesha', 'change of plan, 3.8.0 slips to March 6, the Stripe SDK update broke Apple Pay'),
    ];
    expect(await ask('ayesha', 'When does 3.8.0 ship now?', messages)).toContain('March 6');
  });
});
