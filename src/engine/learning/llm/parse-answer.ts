import type { z } from 'zod';
import { LlmError } from './llm-error.js';

/**
 * The provider's answer in the shape its API documents. Another shape means the base URL leads
 * to some other service, which retrying will not change.
 */
export function parseAnswer<T>(answer: unknown, shape: z.ZodType<T>, api: string): T {
  const result = shape.safeParse(answer);
  if (result.success) return result.data;
  throw new LlmError('provider_error', `the endpoint did not answer in the shape of the ${api}`, {
    retryable: false,
    hint: 'Check provider and baseUrl: they must name a server that speaks this API.',
    details: result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; '),
  });
}
