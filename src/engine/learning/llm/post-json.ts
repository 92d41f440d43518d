import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointSettings } from './endpoint-settings.js';
import { LlmError, type LlmErrorKind } from './llm-error.js';

export type PostJsonParameters = {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  settings: Pick<EndpointSettings, 'apiKey' | 'timeoutMs' | 'maxRetries' | 'retryBaseMs'>;
};

/** A provider asking for a longer wait is left to the work queue, which retries the item later. */
const MAX_WAIT_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;
const MAX_DETAILS_LENGTH = 500;

type Failure = {
  kind: LlmErrorKind;
  retryable: boolean;
  status?: number;
  details?: string;
  retryAfterMs?: number;
  cause?: unknown;
};

/**
 * POSTs a JSON body and returns the parsed JSON answer. Each attempt has `timeoutMs`, body
 * included; timeouts, network errors, 408, 429 and 5xx are retried up to `maxRetries` times
 * with exponential backoff and jitter (or the provider's Retry-After); other answers fail at once.
 * Throws an {@link LlmError} in which the API key is never repeated.
 */
export async function postJson({ url, headers, body, settings }: PostJsonParameters): Promise<unknown> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  for (let attempt = 1; ; attempt++) {
    const outcome = await postOnce(url, init, settings);
    if ('json' in outcome) return outcome.json;
    const wait = outcome.retryAfterMs ?? backoffMs(attempt, settings.retryBaseMs);
    if (!outcome.retryable || attempt > settings.maxRetries || wait > MAX_WAIT_MS) {
      throw toLlmError(outcome, url, attempt, settings.timeoutMs);
    }
    await sleep(wait);
  }
}

async function postOnce(
  url: string,
  init: RequestInit,
  settings: PostJsonParameters['settings'],
): Promise<{ json: unknown } | Failure> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { kind: 'timeout', retryable: true };
    }
    return {
      kind: 'unreachable',
      retryable: true,
      details: redact(networkReason(error), settings.apiKey),
      cause: error,
    };
  }
  const status = response.status;
  if (response.ok) {
    try {
      return { json: JSON.parse(text) };
    } catch {
      // An HTML page or a proxy's banner: the base URL points somewhere else, which waiting will not fix.
      return { kind: 'provider_error', retryable: false, status, details: shorten(text, settings.apiKey) };
    }
  }
  const details = shorten(providerMessage(text), settings.apiKey);
  const retryAfter = retryAfterMs(response.headers);
  const wait = retryAfter === undefined ? {} : { retryAfterMs: retryAfter };
  if (status === 429) return { kind: 'rate_limited', retryable: true, status, details, ...wait };
  // 408 is the server timing out on its side: retried like our own timeout, unlike other 4xx.
  if (status === 408) return { kind: 'timeout', retryable: true, status, details };
  return { kind: 'provider_error', retryable: status >= 500, status, details, ...wait };
}

function toLlmError(failure: Failure, url: string, attempts: number, timeoutMs: number): LlmError {
  const { origin, pathname } = new URL(url);
  const endpoint = `POST ${origin}${pathname}`;
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  const { message, hint } = describeFailure(failure, endpoint, tries, timeoutMs);
  return new LlmError(failure.kind, message, {
    retryable: failure.retryable,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.details === undefined ? {} : { details: failure.details }),
    ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    ...(hint === undefined ? {} : { hint }),
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
  });
}

function describeFailure(
  { kind, status }: Failure,
  endpoint: string,
  tries: string,
  timeoutMs: number,
): { message: string; hint?: string } {
  if (kind === 'timeout') {
    return {
      message:
        status === undefined
          ? `${endpoint} did not answer within ${timeoutMs} ms${tries}`
          : `${endpoint} timed out on its side (${status})${tries}`,
      hint: 'Raise timeoutMs, or check that the server is running; a local model may still be loading.',
    };
  }
  if (kind === 'unreachable') {
    return {
      message: `${endpoint} is unreachable${tries}`,
      hint: 'Check baseUrl and that the server is running.',
    };
  }
  if (kind === 'rate_limited') {
    return {
      message: `${endpoint} is rate limiting requests (429)${tries}`,
      hint: 'Lower the request rate or wait.',
    };
  }
  if (status === undefined || status < 300) {
    return {
      message: `${endpoint} answered something other than JSON`,
      hint: 'Check baseUrl: it is the server root.',
    };
  }
  const message = `${endpoint} answered ${status}${tries}`;
  if (status === 401 || status === 403) return { message, hint: 'Check apiKey for this endpoint.' };
  if (status === 404)
    return { message, hint: 'Check baseUrl (the server root, without /v1) and the model name.' };
  if (status >= 500) return { message, hint: 'The provider failed; trying again later may work.' };
  return { message };
}

/** Doubles from `baseMs`, then takes a random point in the upper half so that workers spread out. */
function backoffMs(attempt: number, baseMs: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** `retry-after-ms` (OpenAI's finer header) first, then Retry-After in seconds or as a date. */
function retryAfterMs(headers: Headers): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim())) return Number(milliseconds);
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The provider's own explanation in the shapes OpenAI, Anthropic, Ollama and vLLM use. */
function providerMessage(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== 'object' || body === null) return text;
  const record = body as { error?: unknown; message?: unknown; detail?: unknown };
  const error = record.error as { message?: unknown } | string | undefined;
  for (const candidate of [
    typeof error === 'object' && error !== null ? error.message : error,
    record.message,
    record.detail,
  ]) {
    if (typeof candidate === 'string') return candidate;
  }
  return text;
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND...) is in its cause. */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const reason = [cause?.code, cause?.message].filter((part) => typeof part === 'string').join(': ');
  return reason === '' ? error.message : reason;
}

function shorten(text: string, secret: string | undefined): string {
  const line = redact(text, secret).replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAILS_LENGTH ? `${line.slice(0, MAX_DETAILS_LENGTH)}…` : line;
}

/** Some providers quote the key they were given in a 401; it must not travel further. */
function redact(text: string, secret: string | undefined): string {
  return secret === undefined ? text : text.replaceAll(secret, '[api key]');
}
