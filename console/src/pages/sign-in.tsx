import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { Heading } from '../parts/heading.js';
import { navigate } from '../router.js';
import type { ConsoleSession } from '../session.js';

/**
 * /console: one field for an API key. The key is sent once, to open a session; the browser then
 * holds only a cookie it cannot read, and the key is never kept in the page.
 */
export function SignInPage(props: { signedIn: boolean; onSignedIn: (session: ConsoleSession) => void }) {
  const [key, setKey] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const linkUsed = new URL(location.href).searchParams.get('link') === 'used';
  return (
    <main id="main" class="sign-in">
      <Heading>peermem console</Heading>
      {props.signedIn ? (
        <p>
          You are signed in.{' '}
          <button type="button" onClick={() => navigate('/console/workspaces')}>
            Open the workspaces
          </button>
        </p>
      ) : null}
      {linkUsed ? (
        <p class="failure" role="alert">
          That sign-in link was used already or has expired. Start peermem console again for a new one, or
          sign in with an API key.
        </p>
      ) : null}
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setFailure(undefined);
          try {
            const session = await api<ConsoleSession>('POST', '/console/api/session', { body: { key } });
            setKey('');
            props.onSignedIn(session);
          } catch (error) {
            setFailure((error as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {failure === undefined ? null : (
          <p class="failure" role="alert">
            {failure}
          </p>
        )}
      </form>
      <p class="quiet">
        An admin, organization, workspace, peer or session key: the console shows what that key reaches
        through the API, nothing more. The sign-in lasts 12 hours, or until the key is revoked.
      </p>
    </main>
  );
}
