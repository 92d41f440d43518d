import type { Reasoner } from '../reasoner.js';

/**
 * The default reasoner: rules over compromise's parse, no model and no network. Its modules
 * load on first use, so a server answers the MCP handshake without waiting for the NLP lexicon.
 */
export function createOfflineReasoner(): Reasoner {
  return {
    name: 'offline',
    async extractObservations(speaker, messages) {
      const { extractObservations } = await import('./extract-observations.js');
      return extractObservations(speaker, messages);
    },
    async summarize(messages, maxTokens) {
      const { summarize } = await import('./summarize.js');
      return summarize(messages, maxTokens);
    },
    async answer(request) {
      const { answerQuestion } = await import('./answer-question.js');
      return answerQuestion(request);
    },
  };
}
