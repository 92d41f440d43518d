import { describe, expect, it } from 'vitest';
import { LlmSettings } from '../../../../src/engine/learning/llm/llm-settings.js';

const valid = {
  provider: 'openai',
  baseUrl: 'http://127.0.0.1:11434',
  model: 'llama3.2',
  timeoutMs: 1000,
  maxRetries: 2,
};

describe('LlmSettings', () => {
  it('drops a trailing /v1 and slash from the base URL, and defaults the backoff', () => {
    expect(LlmSettings.parse({ ...valid, baseUrl: 'https://api.openai.com/v1/' })).toMatchObject({
      baseUrl: 'https://api.openai.com',
      retryBaseMs: 500,
    });
    expect(LlmSettings.parse({ ...valid, baseUrl: 'https://openrouter.ai/api/v1' }).baseUrl).toBe(
      'https://openrouter.ai/api',
    );
  });

  it('rejects what would fail later or leak a secret, naming the field', () => {
    const issue = (patch: object) => LlmSettings.safeParse({ ...valid, ...patch }).error?.issues[0];
    expect(issue({ baseUrl: 'ftp://example.com' })).toMatchObject({ path: ['baseUrl'] });
    expect(issue({ baseUrl: 'https://user:secret@example.com' })?.message).toMatch(/use apiKey/);
    expect(issue({ apiKey: 'two words' })).toMatchObject({ path: ['apiKey'] });
    expect(issue({ provider: 'gemini' })).toMatchObject({ path: ['provider'] });
    expect(issue({ maxRetries: -1 })).toMatchObject({ path: ['maxRetries'] });
  });
});
