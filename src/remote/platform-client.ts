import { MemoryError, UnavailableError } from '../service/errors.js';
import { describeNetworkError, networkCode } from './network-error.js';
import { backoff, MAX_ATTEMPTS, sleep } from './retry-backoff.js';

export type PlatformClientOptions = {
  /** The root URL of the platform API's server; its routes are under /v3. */
  upstream: string;
  /** The bearer key: sent in the Authorization header, and never written anywhere else. */
  apiKey: string;
  /** How long a call may wait for the upstream, retries included, before it is reported unreachable (12 s). */
  deadlineMs?: number;
  fetch?: typeof fetch;
};

export type PlatformRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the upstream's root: `/v3/workspaces/...`, its ids already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /**
   * Whether sending it twice does no harm (reads, get-or-create, replacing writes). One that
   * adds (messages, conclusions, a clone) is sent again only when the upstream cannot have run
   * it: the connection was refused, or it answered 429, 502, 503 or 504.
   */
  idempotent: boolean;
  /** Headers beyond the key and the content type (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** A longer deadline for a call that is slow by nature (a chat answered by a model). */
  deadlineMs?: number;
};

/** An error answer of the upstream, with its status for the caller that treats one apart. */
export class PlatformRefusal extends MemoryError {
  override name = 'PlatformRefusal';
  constructor(
    readonly status: number,
    error: MemoryError,
  ) {
    super(error.code, error.message, {
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    });
  }
}

/** A dead upstream is reported well within 15 s: refused connections fail at once, then are retried. */
const DEFAULT_DEADLINE_MS = 12_000;
/** Statuses a proxy or a busy server gives before the request is run. */
const NOT_RUN = new Set([429, 502, 503, 504]);

/**
 * Calls the platform API (`/v3`) of one upstream with one bearer key. Network errors, 429 and
 * 5xx are retried with backoff (the upstream's Retry-After when it gives one) within a deadline;
 * its refusals become MemoryErrors that name the upstream and say what happened, and its 422s
 * name the field in the tools' terms.
 */
export class PlatformClient {
  readonly upstream: URL;
  private readonly apiKey: string;
  private readonly deadlineMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: PlatformClientOptions) {
    this.upstream = new URL(options.upstream);
    this.apiKey = options.apiKey;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.fetch = options.fetch ?? fetch;
  }

  /** The JSON answer of a 2xx, or the upstream's refusal as a MemoryError. */
  async request<Output>(request: PlatformRequest): Promise<Output> {
    const url = new URL(request.path, this.upstream);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await this.send(url, request);
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok) return body as Output;
    throw new PlatformRefusal(response.status, this.refusal(request, response, body));
  }

  private async send(url: URL, request: PlatformRequest): Promise<Response> {
    const deadline = Date.now() + (request.deadlineMs ?? this.deadlineMs);
    const init = {
      method: request.method,
      headers: {
        Authorization: `Bearer ${this.apiKey}`,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    };
    let lastProblem = '';
    for (let attempt = 0; ; attempt += 1) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      try {
        const response = await this.fetch(url, { ...init, signal: AbortSignal.timeout(remaining) });
        const again = request.idempotent
          ? response.status === 429 || response.status >= 500
          : NOT_RUN.has(response.status);
        if (!again) return response;
        const wait = backoff(attempt, Number(response.headers.get('retry-after')) * 1000);
        // Out of attempts or time: the upstream's own answer is passed on.
        if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) return response;
        await response.body?.cancel();
        await sleep(wait);
      } catch (error) {
        lastProblem = describeNetworkError(error);
        // A refused connection sent nothing; any other failure may have reached the upstream.
        if (!request.idempotent && networkCode(error) !== 'ECONNREFUSED') {
          throw new UnavailableError(
            `the upstream ${this.upstream.origin} did not answer ${request.method} ${url.pathname} (${lastProblem}); it may or may not have been written`,
            { hint: 'Read it back (list_messages, list_observations) before writing it again.' },
          );
        }
        const wait = backoff(attempt, 0);
        if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) break;
        await sleep(wait);
      }
    }
    throw new UnavailableError(
      `the upstream ${this.upstream.origin} is unreachable: ${lastProblem || 'no answer in time'}`,
      {
        hint: 'Check that the platform API runs at that URL (peermem serve with PEERMEM_ADMIN_KEY) and that this machine can reach it (--upstream, PEERMEM_UPSTREAM), then try again.',
      },
    );
  }

  /** What the upstream's error answer means for the caller, in its terms. */
  private refusal(request: PlatformRequest, response: Response, body: unknown): MemoryError {
    const upstream = `the upstream ${this.upstream.origin}`;
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    const said = typeof detail === 'string' ? detail : undefined;
    switch (response.status) {
      case 401:
        return new MemoryError(
          'unavailable',
          `${upstream} refused the API key (401): ${said ?? 'not valid'}`,
          {
            hint: 'Check --api-key (PEERMEM_API_KEY): it must be a key of that server, not revoked or expired.',
          },
        );
      case 403:
        return new MemoryError(
          'unavailable',
          `${upstream} answered 403: the API key does not reach this workspace, peer or session`,
          {
            hint: 'Use a key whose scope covers the workspace (--workspace), or only the peer or session it is scoped to.',
          },
        );
      case 404:
        // The platform's own answer names what is missing and how to find what exists.
        return new MemoryError(
          'not_found',
          `${said ?? `${request.method} ${new URL(request.path, this.upstream).pathname} was not found`} (${upstream}, 404)`,
        );
      case 413:
        return new MemoryError(
          'invalid_input',
          `${upstream} refused the request as too large (413): ${said ?? ''}`,
          {
            hint: 'Send less in one call.',
          },
        );
      case 422: {
        const first = Array.isArray(detail)
          ? (detail[0] as { loc?: unknown[]; msg?: string } | undefined)
          : undefined;
        const field = first?.loc === undefined ? undefined : toolField(first.loc);
        const reason = first?.msg ?? said ?? 'is not valid';
        return new MemoryError(
          'invalid_input',
          `${field === undefined ? '' : `${field}: `}${reason} (refused by ${upstream}, 422)`,
          field === undefined ? {} : { field },
        );
      }
      case 429:
        return new UnavailableError(`${upstream} is busy (429) and asked to wait past this call's deadline`, {
          hint: `Try again ${response.headers.get('retry-after') ? `in ${response.headers.get('retry-after')} s` : 'in a minute'}.`,
        });
      default:
        return new UnavailableError(
          `${upstream} answered ${response.status} to ${request.method} ${new URL(request.path, this.upstream).pathname}${said === undefined ? '' : `: ${said}`}`,
          {
            hint:
              response.status >= 500
                ? 'It is failing; try again in a minute.'
                : 'Check that --upstream (PEERMEM_UPSTREAM) is the root URL of a peermem platform API.',
          },
        );
    }
  }
}

/** The platform's names of the fields the tools name otherwise. */
const TOOL_TERMS: Record<string, string> = {
  peer_id: 'peer',
  session_id: 'session',
  message_id: 'message',
  conclusions: 'observations',
  conclusion_id: 'id',
  observer_id: 'observer',
  observed_id: 'observed',
  peer_card: 'card',
};

/** A 422's `loc` (`["body", "messages", 0, "peer_id"]`) as a tool's field (`messages.0.peer`). */
function toolField(loc: readonly unknown[]): string | undefined {
  const path = ['body', 'query', 'path', 'header'].includes(String(loc[0])) ? loc.slice(1) : loc;
  if (path.length === 0) return undefined;
  return path.map((part) => TOOL_TERMS[String(part)] ?? String(part)).join('.');
}
