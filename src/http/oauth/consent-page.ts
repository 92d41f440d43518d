/** The two pages of the authorize step: sign in with an API key, then choose the workspace. */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2430}
h1{font-size:1.4rem}label{display:block;margin:1rem 0 .3rem;font-weight:600}
input,select{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin:1.2rem .5rem 0 0;padding:.5rem 1.2rem;font:inherit}.client{font-family:monospace;word-break:break-all}
.error{color:#a11}`;

/**
 * Its own frame only (no page may frame it and trick a click), no script, and no resource
 * loaded from anywhere: the page is what the server wrote.
 */
export const CONSENT_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/**
 * Who asks, and where the answer goes: a registered client names itself, so the redirect URI's
 * origin is what tells a person which application will receive the access.
 */
const clientLine = (clientName: string | null, clientId: string, redirectUri: string) =>
  `<p><strong>${escapeHtml(clientName ?? 'An application')}</strong> asks to use the memory of one peermem workspace through MCP.</p><p class="client">Client: ${escapeHtml(clientId)}<br>Returns to: ${escapeHtml(returnsTo(redirectUri))}</p>`;

function returnsTo(redirectUri: string): string {
  if (!URL.canParse(redirectUri)) return redirectUri;
  const { origin, protocol } = new URL(redirectUri);
  return origin === 'null' ? `${protocol}…` : origin;
}

/** Step one: the person signs in with a platform API key (an organization member's key too). */
export function signInPage(
  client: { clientName: string | null; clientId: string },
  request: Record<string, string>,
  error?: string,
): string {
  return page(
    'Sign in to peermem',
    `<h1>Sign in to peermem</h1>${clientLine(client.clientName, client.clientId, request.redirect_uri ?? '')}
${error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="/oauth/authorize">${hidden(request)}
<label for="api_key">API key</label><input id="api_key" name="api_key" type="password" autocomplete="off" required>
<button type="submit">Continue</button></form>`,
  );
}

/** Step two: which workspace to grant, from those the key reaches; allow or deny. */
export function chooseWorkspacePage(
  client: { clientName: string | null; clientId: string },
  ticket: string,
  workspaces: readonly string[],
  redirectUri: string,
): string {
  const options = workspaces
    .map((id) => `<option value="${escapeHtml(id)}">${escapeHtml(id)}</option>`)
    .join('');
  return page(
    'Grant access',
    `<h1>Grant access to a workspace</h1>${clientLine(client.clientName, client.clientId, redirectUri)}
<p>It will read and write the memory of the workspace you choose, with every MCP tool, until you revoke the grant (platform API or console).</p>
<form method="post" action="/oauth/authorize">${hidden({ ticket })}
<label for="workspace">Workspace</label><select id="workspace" name="workspace" required>${options}</select>
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

/** A refusal the person reads (no redirect: the request could not be trusted, or nothing can be granted). */
export function refusalPage(message: string): string {
  return page(
    'Cannot grant access',
    `<h1>Cannot grant access</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
}
