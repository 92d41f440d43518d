import type { Category } from './load-locomo.js';

/** The categories with a gold answer and evidence; 5 (adversarial) is reported apart. */
export const ANSWERABLE = [1, 2, 3, 4] as const;
type AnswerableCategory = (typeof ANSWERABLE)[number];

/** The dataset's own code numbers the categories; published tables name them differently. */
export const CATEGORY_NAMES: Record<Category, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

type Mean = { count: number; mean: number };
export type CategoryMeans = { byCategory: Record<AnswerableCategory, Mean>; overall: Mean };

/** The mean of a per-question value in each answerable category and over all four. */
export function meansByCategory(values: readonly { category: Category; value: number }[]): CategoryMeans {
  const mean = (items: readonly { value: number }[]): Mean => ({
    count: items.length,
    mean: items.length === 0 ? Number.NaN : items.reduce((sum, item) => sum + item.value, 0) / items.length,
  });
  const answerable = values.filter((item) => item.category !== 5);
  return {
    byCategory: {
      1: mean(answerable.filter((item) => item.category === 1)),
      2: mean(answerable.filter((item) => item.category === 2)),
      3: mean(answerable.filter((item) => item.category === 3)),
      4: mean(answerable.filter((item) => item.category === 4)),
    },
    overall: mean(answerable),
  };
}
