import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { publicOnlyLookup, refusedAddressKind } from './check-webhook-address.js';

export type PostOutcome = { ok: true; status: number } | { ok: false; status?: number; error: string };

/**
 * POSTs one delivery: a 2xx answer within `timeoutMs` is success; anything else (another status,
 * a timeout, a refused connection, an address that is not public) is a failure with a short
 * reason. Redirects are not followed: they would lead past the address check.
 */
export function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; signal: AbortSignal },
): Promise<PostOutcome> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // A name is checked as it is resolved (publicOnlyLookup); an address literal is never resolved.
  const literalKind = isIP(host) && !options.allowPrivate ? refusedAddressKind(host) : undefined;
  if (literalKind !== undefined) return Promise.resolve({ ok: false, error: `${host} is ${literalKind}` });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    // Its own timer, not AbortSignal.any([signal, AbortSignal.timeout()]): on Node 20 the
    // collector may take such a composite before it fires, and a silent receiver then holds the
    // delivery for ever. Whichever of the timer and the caller's stop comes first ends it.
    let reason: string | undefined;
    const stop = (why: string) => {
      reason ??= why;
      request.destroy();
    };
    const timer = setTimeout(() => stop(`no answer within ${options.timeoutMs / 1000} s`), options.timeoutMs);
    const onStop = () => stop('stopped');
    options.signal.addEventListener('abort', onStop, { once: true });
    let answered: number | undefined;
    const settle = (outcome: PostOutcome) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onStop);
      // A stop before any answer is told as the stop; one mid-answer as the answer, cut off.
      if (outcome.ok || reason === undefined) resolve(outcome);
      else if (answered === undefined) resolve({ ok: false, error: reason });
      else resolve({ ok: false, status: answered, error: `HTTP ${answered}, answer cut off` });
    };
    const request = send(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'peermem-webhooks',
      },
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      answered = status;
      // The answer's body is not needed: read and dropped, so the connection closes cleanly.
      response.resume();
      response.on('end', () =>
        settle(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: `HTTP ${status}` },
        ),
      );
      response.on('error', () => settle({ ok: false, status, error: `HTTP ${status}, answer cut off` }));
      // An answer closed before its end (the timeout struck mid-body) may emit no error: the
      // delivery must still settle. After 'end' this changes nothing: a promise settles once.
      response.on('close', () => settle({ ok: false, status, error: `HTTP ${status}, answer cut off` }));
    });
    // Likewise a request closed with neither an answer nor an error.
    request.on('close', () => settle({ ok: false, error: 'connection closed without an answer' }));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      settle({ ok: false, error: code === 'EWEBHOOKADDRESS' ? error.message : code });
    });
    if (options.signal.aborted) onStop();
    request.end(body);
  });
}
