import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { publicOnlyLookup, refusedAddressKind } from '../../engine/webhooks/check-webhook-address.js';

/** A client as the authorization endpoint needs it, from either kind of client id. */
export type OAuthClient = { clientId: string; clientName: string | null; redirectUris: readonly string[] };

const MAX_DOCUMENT_BYTES = 16_384;
const FETCH_TIMEOUT_MS = 5_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a client id is the URL of a client ID metadata document: https with a path (the
 * draft's rule), or, when `loopback` is on (tests and development), http on a loopback host.
 */
export function isMetadataDocumentUrl(clientId: string, loopback: boolean): boolean {
  if (!URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  if (url.pathname === '/' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  return (
    url.protocol === 'https:' || (loopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

/** The longest a fetched document is reused, whatever its Cache-Control says. */
export const MAX_DOCUMENT_CACHE_SECONDS = 300;
/** Documents kept at most; the oldest goes first. */
const MAX_CACHED_DOCUMENTS = 1000;

export type ClientDocuments = {
  /** The client a document describes, fetched, or reused while its cache life lasts. */
  find(clientId: string): Promise<OAuthClient>;
};

/**
 * Client ID metadata documents as one sign-in reads them three times (the sign-in page, the key
 * form, Allow): each fetched document is kept for its Cache-Control `max-age`, at most five
 * minutes, or five minutes when it says nothing; `no-store`, `no-cache` or `max-age=0` keep it
 * not at all. A document that fails its checks is never kept. Held per process, in memory.
 */
export function createClientDocuments(loopback: boolean, now: () => number = Date.now): ClientDocuments {
  const kept = new Map<string, { client: OAuthClient; until: number }>();
  return {
    async find(clientId) {
      const found = kept.get(clientId);
      if (found !== undefined && found.until > now()) return found.client;
      kept.delete(clientId);
      const { client, cacheSeconds } = await fetchClientMetadata(clientId, loopback);
      if (cacheSeconds > 0) {
        kept.set(clientId, { client, until: now() + cacheSeconds * 1000 });
        if (kept.size > MAX_CACHED_DOCUMENTS) kept.delete(kept.keys().next().value as string);
      }
      return client;
    },
  };
}

/** Seconds a document may be reused by its Cache-Control header, within the ceiling. */
function cacheLife(cacheControl: string | undefined): number {
  if (cacheControl === undefined) return MAX_DOCUMENT_CACHE_SECONDS;
  const directives = cacheControl.toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(directives)) return 0;
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(directives)?.[1];
  if (maxAge === undefined) return MAX_DOCUMENT_CACHE_SECONDS;
  return Math.min(Number(maxAge), MAX_DOCUMENT_CACHE_SECONDS);
}

/**
 * Fetches and checks a client ID metadata document: at most 16 KB within 5 s, no redirect followed,
 * and only from a public address (the address resolved is the one connected to, as webhooks are
 * sent), unless `loopback` allows this machine. Throws an Error whose message is the reason, for an
 * `invalid_client` answer.
 */
async function fetchClientMetadata(
  clientId: string,
  loopback: boolean,
): Promise<{ client: OAuthClient; cacheSeconds: number }> {
  const url = new URL(clientId);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const onLoopback = loopback && LOOPBACK_HOSTS.has(url.hostname);
  const literalKind = isIP(host) && !onLoopback ? refusedAddressKind(host) : undefined;
  if (literalKind !== undefined)
    throw new Error(`its host is ${literalKind}; a client's document must be public`);
  const { text, cacheControl } = await getDocument(url, onLoopback);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error('its document is not JSON');
  }
  return { client: checkDocument(clientId, document), cacheSeconds: cacheLife(cacheControl) };
}

function checkDocument(clientId: string, document: unknown): OAuthClient {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new Error('its document is not a JSON object');
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId)
    throw new Error("its document's client_id is not the URL it was fetched from");
  const uris = fields.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string'))
    throw new Error("its document's redirect_uris must be a non-empty list of URLs");
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    throw new Error(
      "its document's token_endpoint_auth_method must be none: this server has public clients only",
    );
  const name = typeof fields.client_name === 'string' ? fields.client_name.slice(0, 200) : null;
  return { clientId, clientName: name, redirectUris: uris as string[] };
}

function getDocument(
  url: URL,
  onLoopback: boolean,
): Promise<{ text: string; cacheControl: string | undefined }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      agent: false,
      headers: { Accept: 'application/json', 'User-Agent': 'peermem-oauth' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      ...(onLoopback ? {} : { lookup: publicOnlyLookup }),
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        reject(new Error(`its document answered HTTP ${status} (redirects are not followed)`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_DOCUMENT_BYTES) {
          request.destroy();
          reject(new Error(`its document is larger than ${MAX_DOCUMENT_BYTES} bytes`));
        } else chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          text: Buffer.concat(chunks).toString('utf8'),
          cacheControl: response.headers['cache-control'],
        }),
      );
      response.on('error', () => reject(new Error('its document was cut off')));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EWEBHOOKADDRESS'
            ? 'its host resolves to an address that is not public'
            : error.name === 'TimeoutError' || error.name === 'AbortError'
              ? `its document did not answer within ${FETCH_TIMEOUT_MS / 1000} s`
              : 'its document could not be fetched',
        ),
      ),
    );
    request.end();
  });
}
