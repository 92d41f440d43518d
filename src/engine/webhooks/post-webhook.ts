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
    const request = send(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'peermem-webhooks',
      },
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // The answer's body is not needed: read and dropped, so the connection closes cleanly.
      response.resume();
      response.on('end', () =>
        resolve(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: `HTTP ${status}` },
        ),
      );
      response.on('error', () => resolve({ ok: false, status, error: `HTTP ${status}, answer cut off` }));
      // An answer closed before its end (the timeout struck mid-body) may emit no error: the
      // delivery must still settle. After 'end' this changes nothing: a promise settles once.
      response.on('close', () => resolve({ ok: false, status, error: `HTTP ${status}, answer cut off` }));
    });
    // Likewise a request closed with neither an answer nor an error.
    request.on('close', () => resolve({ ok: false, error: 'connection closed without an answer' }));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? options.signal.aborted
            ? 'stopped'
            : `no answer within ${options.timeoutMs / 1000} s`
          : (error.code ?? error.message);
      resolve({ ok: false, error: reason === 'EWEBHOOKADDRESS' ? error.message : reason });
    });
    request.end(body);
  });
}
