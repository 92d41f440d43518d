import type { z } from 'zod';

/**
 * A request for a value of the caller's schema. Give `schema` as a `z.object` whose fields are all
 * required (use `.nullable()` for "may be absent"): that is what strict structured output and
 * tool input schemas accept, and a schema they reject costs a fallback to JSON mode.
 */
export type GenerateObjectRequest<T> = {
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** Letters, digits, `_` and `-`, at most 64: providers use it as a function or tool name. */
  schemaName: string;
  maxTokens?: number;
};

export type GenerateTextRequest = {
  system: string;
  prompt: string;
  maxTokens?: number;
};

/**
 * One model behind one provider API. Every method throws an `LlmError` when it cannot deliver;
 * what it returns has been validated.
 */
export type LlmClient = {
  readonly provider: 'openai' | 'anthropic';
  readonly model: string;
  /** A value of `request.schema`, by the best output mode the provider supports. */
  generateObject<T>(request: GenerateObjectRequest<T>): Promise<T>;
  /** The model's reply as plain text. */
  generateText(request: GenerateTextRequest): Promise<string>;
};
