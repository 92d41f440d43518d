import { englishTerms } from './english-terms.js';

/** Okapi BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

export type Bm25Index = {
  /** The ids of the best-scoring documents, best first; ties keep the documents' order. */
  search(query: string, limit: number): string[];
};

/**
 * Plain BM25 over a fixed set of documents, in memory: the reference retriever the engine's
 * search is compared with. IDF is Lucene's, ln(1 + (N - n + 0.5) / (n + 0.5)), never negative.
 */
export function createBm25Index(documents: readonly { id: string; text: string }[]): Bm25Index {
  const termCounts = documents.map((document) => countTerms(englishTerms(document.text)));
  const lengths = termCounts.map((counts) => [...counts.values()].reduce((sum, count) => sum + count, 0));
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const counts of termCounts) {
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (documents.length - n + 0.5) / (n + 0.5));
  };

  return {
    search(query, limit) {
      const terms = [...new Set(englishTerms(query))].filter((term) => documentFrequency.has(term));
      const scored = documents.map((document, i) => {
        const counts = termCounts[i] ?? new Map<string, number>();
        const norm = K1 * (1 - B + (B * (lengths[i] ?? 0)) / averageLength);
        let score = 0;
        for (const term of terms) {
          const frequency = counts.get(term) ?? 0;
          if (frequency > 0) score += (idf(term) * frequency * (K1 + 1)) / (frequency + norm);
        }
        return { id: document.id, score };
      });
      return scored
        .filter((item) => item.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((item) => item.id);
    },
  };
}

function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
