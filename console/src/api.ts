// Every request the console makes: to the same platform API the SDKs call, with the session
// cookie the browser sends by itself and, for a change, the session's CSRF token.

/** A failed request, with the API's own words for why. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onSignedOut: () => void = () => {};

/** The token every change carries, from the signed-in session. */
export function useCsrfToken(token: string): void {
  csrfToken = token;
}

/** What to do when the API says the sign-in is over (expired, or its key revoked). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

type Query = Record<string, string | number | boolean | undefined>;

/** A path with its query string, leaving out what is undefined or empty. */
export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Path segments are ids typed by users: each is encoded on its own. */
export const v3 = (...segments: string[]) => `/v3/${segments.map(encodeURIComponent).join('/')}`;

/** The API's error as one readable line: `detail`, or each invalid field with its reason. */
function describeFailure(status: number, body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail))
    return detail
      .map((item: { loc?: unknown[]; msg?: string }) => `${(item.loc ?? []).slice(1).join('.')}: ${item.msg}`)
      .join('; ');
  return `the server answered ${status}`;
}

export type SendOptions = { query?: Query; body?: unknown; headers?: Record<string, string> };

/** Sends a request and answers the parsed JSON (undefined for an empty answer), or throws ApiError. */
export async function api<T>(method: string, path: string, options: SendOptions = {}): Promise<T> {
  const response = await send(method, withQuery(path, options.query), options.body, options.headers);
  const text = await response.text();
  const body = text === '' ? undefined : parseJson(text);
  if (!response.ok) {
    if (response.status === 401) onSignedOut();
    throw new ApiError(response.status, describeFailure(response.status, body));
  }
  return body as T;
}

/** The raw exchange, for the playground, which shows whatever comes back. */
export function send(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'X-CSRF-Token': csrfToken,
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A page of a list, as every list of the API answers it. */
export type Page<Item> = { items: Item[]; total: number; page: number; size: number; pages: number };
