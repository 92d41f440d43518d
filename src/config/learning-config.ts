import { defaultOf, type Pick } from './parse-flags.js';
import { type From, SettingValue } from './setting-value.js';

const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
} as const;

/**
 * The reasoner and the embedder: offline unless a provider is named. API keys come from the
 * environment only (PEERMEM_LLM_API_KEY, PEERMEM_EMBEDDINGS_API_KEY): a flag would show in `ps`.
 */
export function learningSettings(pick: Pick, from: From) {
  const reasoner = String(pick('reasoner') ?? defaultOf('reasoner'));
  const embeddings = String(pick('embeddings') ?? defaultOf('embeddings'));
  const endpoint = (baseUrl: SettingValue, apiKey: SettingValue) => ({
    baseUrl,
    ...(apiKey.value ? { apiKey } : {}),
    timeoutMs: from('PEERMEM_LLM_TIMEOUT_MS', (ms) => Number(ms ?? defaultOf('PEERMEM_LLM_TIMEOUT_MS'))),
    maxRetries: 2,
  });
  const llmKey = pick('PEERMEM_LLM_API_KEY') || undefined;
  return {
    reasoner: !(reasoner in DEFAULT_BASE_URLS)
      ? { kind: new SettingValue('reasoner', reasoner) }
      : {
          kind: 'llm',
          llm: {
            provider: new SettingValue('reasoner', reasoner),
            model: from('llm-model'),
            ...endpoint(
              from(
                'llm-base-url',
                (url) => url ?? DEFAULT_BASE_URLS[reasoner as keyof typeof DEFAULT_BASE_URLS],
              ),
              from('PEERMEM_LLM_API_KEY', (key) => key || undefined),
            ),
          },
        },
    embeddings:
      embeddings !== 'openai'
        ? { kind: new SettingValue('embeddings', embeddings) }
        : {
            kind: new SettingValue('embeddings', embeddings),
            endpoint: {
              model: from('embeddings-model'),
              batchSize: 256,
              ...endpoint(
                from('embeddings-base-url', (url) => url ?? defaultOf('embeddings-base-url')),
                from('PEERMEM_EMBEDDINGS_API_KEY', (key) => key || llmKey),
              ),
            },
          },
    summaryEvery: from('summary-every', (every) => Number(every ?? defaultOf('summary-every'))),
  };
}
