import { UnavailableError } from '../service/errors.js';
import { describeNetworkError, networkCode } from './network-error.js';
import { backoff, MAX_ATTEMPTS, sleep } from './retry-backoff.js';

type SendWithRetriesParameters = {
  url: URL;
  json: string;
  headers: Record<string, string>;
  /** When the call is given up on, retries included (ms since the epoch). */
  deadline: number;
  fetch: typeof fetch;
};

/** The upstream's answer, and whether an earlier attempt may have reached it too. */
type SendWithRetriesReturnType = { response: Response; uncertain: boolean };

/**
 * POSTs `json` with `headers` to the gateway, again on a network error, 429 or 5xx, with backoff,
 * until the deadline. `uncertain` lets a paid call tell a payment that was surely never seen from
 * one that may have been settled, so it is never signed twice.
 */
export async function sendWithRetries({
  url,
  json,
  headers,
  deadline,
  fetch,
}: SendWithRetriesParameters): Promise<SendWithRetriesReturnType> {
  let uncertain = false;
  let lastProblem = '';
  for (let attempt = 0; ; attempt += 1) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: json,
        signal: AbortSignal.timeout(remaining),
      });
      if (response.status !== 429 && response.status < 500) return { response, uncertain };
      if (response.status !== 429) uncertain = true;
      const wait = backoff(attempt, Number(response.headers.get('retry-after')) * 1000);
      // Out of attempts or time: the upstream's own answer (its error, its Retry-After) is passed on.
      if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) return { response, uncertain };
      await response.body?.cancel();
      await sleep(wait);
    } catch (error) {
      // A refused connection sent nothing; any other failure may have reached the upstream.
      if (networkCode(error) !== 'ECONNREFUSED') uncertain = true;
      lastProblem = describeNetworkError(error);
      const wait = backoff(attempt, 0);
      if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) break;
      await sleep(wait);
    }
  }
  throw new UnavailableError(
    `the upstream ${url.origin} is unreachable: ${lastProblem || 'no answer in time'}`,
    {
      hint: 'Check that the gateway runs at that URL and this machine can reach it (--upstream, PEERMEM_UPSTREAM), then try again.',
    },
  );
}
