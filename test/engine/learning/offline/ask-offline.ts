import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

/** A message `peer` wrote on `day` (YYYY-MM-DD), as retrieval hands it to the offline answers. */
export const said = (peer: string, content: string, day: string) => ({
  id: `${peer}-${day}-${content.length}`,
  peer_id: peer,
  content,
  created_at: `${day}T10:00:00.000Z`,
});

/** The offline answer at `low` to a question about `peer`, from these messages alone. */
export const ask = (question: string, messages: AnswerRequest['messages'], peer = 'maria') =>
  answerQuestion({ question, peer, about: peer, observations: [], slotFacts: [], messages, level: 'low' });
