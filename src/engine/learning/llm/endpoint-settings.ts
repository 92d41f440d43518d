import { z } from 'zod';

const hasNoCredentials = (url: string) =>
  !URL.canParse(url) || (new URL(url).username === '' && new URL(url).password === '');

/**
 * How to reach an HTTP model provider: the part the chat and the embeddings clients share.
 * The base URL is the server root (`https://api.openai.com`, `http://127.0.0.1:11434`); a
 * trailing `/v1`, as many providers print it, is dropped because the clients add it.
 */
export const EndpointSettings = z.object({
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    // fetch quotes such a URL, credentials included, in its error.
    .refine(hasNoCredentials, 'must not contain a user name or password: use apiKey')
    .transform((url) => url.replace(/\/+$/, '').replace(/\/v1$/, ''))
    .describe('Root URL of the provider, e.g. https://api.openai.com or http://127.0.0.1:11434.'),
  apiKey: z
    .string()
    // Visible ASCII only: fetch quotes an invalid header value in its error, which would leak the key.
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .describe(
      'Sent as the bearer token (OpenAI-compatible) or x-api-key (Anthropic); local servers need none.',
    ),
  timeoutMs: z
    .number()
    .int('must be a whole number')
    .positive('must be greater than 0')
    .describe('How long one attempt may take, answer body included.'),
  maxRetries: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .describe('Further attempts after a timeout, a network error, a 429 or a 5xx.'),
  retryBaseMs: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(500)
    .describe('First backoff delay; it doubles on each retry, with jitter.'),
});
export type EndpointSettings = z.infer<typeof EndpointSettings>;
