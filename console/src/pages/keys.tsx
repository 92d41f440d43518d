import { useState } from 'preact/hooks';
import { api, v3 } from '../api.js';
import { ConfirmButton } from '../parts/confirm-button.js';
import { CopyButton } from '../parts/copy-button.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { useSignedInKey } from '../session.js';

type ApiKey = {
  id: string;
  name: string | null;
  kind: string;
  organization_id: string | null;
  member: string | null;
  workspace_id: string | null;
  peer_id: string | null;
  session_id: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
};

const PAGE_SIZE = 20;

/** /console/keys: mint scoped keys (shown once), see when each was last used, revoke. */
export function KeysPage() {
  const signedIn = useSignedInKey();
  const keys = useLoad(() => api<ApiKey[]>('GET', '/v3/keys'), []);
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<Error>();
  const all = keys.data ?? [];
  const pages = Math.ceil(all.length / PAGE_SIZE);
  return (
    <>
      <Heading>API keys</Heading>
      {signedIn.kind === 'admin' || signedIn.kind === 'organization' ? (
        <MintKey organization={signedIn.organization_id} onMinted={keys.reload} />
      ) : null}
      <h2>Keys</h2>
      <Failure error={keys.error} />
      <Failure error={failure} />
      {keys.data === undefined ? (
        keys.error ? null : (
          <Loading />
        )
      ) : all.length === 0 ? (
        <Empty>No key was minted yet: the admin key from configuration is not listed.</Empty>
      ) : (
        <>
          <div class="scroll">
            <table>
              <caption>Newest first; secrets are never shown again</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Reaches</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((key) => (
                  <tr key={key.id}>
                    <td>
                      {key.name ?? <span class="quiet">unnamed</span>}
                      <br />
                      <code>{key.id}</code>
                    </td>
                    <td>{reachOf(key)}</td>
                    <td>
                      <When iso={key.created_at} />
                    </td>
                    <td>
                      <When iso={key.last_used_at} />
                    </td>
                    <td>{key.expires_at === null ? 'never' : <When iso={key.expires_at} />}</td>
                    <td>
                      {key.revoked_at !== null ? (
                        <>
                          revoked <When iso={key.revoked_at} />
                        </>
                      ) : (
                        <ConfirmButton
                          label="Revoke"
                          question={`Revoke ${key.name ?? key.id}? Whatever uses it stops at once.`}
                          onConfirm={async () => {
                            try {
                              await api('DELETE', v3('keys', key.id));
                              keys.reload();
                            } catch (error) {
                              setFailure(error as Error);
                            }
                          }}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Keys" page={page} of={{ pages, total: all.length }} onPage={setPage} />
        </>
      )}
    </>
  );
}

function reachOf(key: ApiKey): string {
  const where = [
    key.organization_id === null ? undefined : `organization ${key.organization_id}`,
    key.workspace_id === null ? undefined : `workspace ${key.workspace_id}`,
    key.peer_id === null ? undefined : `peer ${key.peer_id}`,
    key.session_id === null ? undefined : `session ${key.session_id}`,
    key.member === null ? undefined : `for ${key.member}`,
  ].filter((part) => part !== undefined);
  return `${key.kind}${where.length === 0 ? ': everything' : `: ${where.join(', ')}`}`;
}

const SCOPES = ['workspace', 'peer', 'session', 'organization', 'admin'] as const;

function MintKey({ organization, onMinted }: { organization: string | null; onMinted: () => void }) {
  const [scope, setScope] = useState<(typeof SCOPES)[number]>('workspace');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [minted, setMinted] = useState<{ key: string; id: string }>();
  const [failure, setFailure] = useState<Error>();
  const field = (name: string, label: string, required = true) => (
    <div class="field">
      <label for={`mint-${name}`}>{label}</label>
      <input
        id={`mint-${name}`}
        required={required}
        value={fields[name] ?? ''}
        onInput={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
      />
    </div>
  );
  const scopes =
    organization === null ? SCOPES : SCOPES.filter((name) => name !== 'admin' && name !== 'organization');
  return (
    <section aria-labelledby="mint">
      <h2 id="mint">Mint a key</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          setMinted(undefined);
          const given = (name: string) => (fields[name]?.trim() ? fields[name].trim() : undefined);
          try {
            const answer = await api<{ key: string; id: string }>('POST', '/v3/keys', {
              query: {
                workspace_id: scope === 'admin' || scope === 'organization' ? undefined : given('workspace'),
                peer_id: scope === 'peer' ? given('peer') : undefined,
                session_id: scope === 'session' ? given('session') : undefined,
                organization_id: scope === 'organization' ? given('organization') : undefined,
                name: given('name'),
                expires_at:
                  given('expires') === undefined ? undefined : new Date(given('expires') ?? '').toISOString(),
              },
            });
            setMinted({ key: answer.key, id: answer.id });
            setFields({});
            onMinted();
          } catch (error) {
            setFailure(error as Error);
          }
        }}
      >
        <div class="field">
          <label for="mint-scope">Reaches</label>
          <select
            id="mint-scope"
            value={scope}
            onChange={(event) => setScope(event.currentTarget.value as typeof scope)}
          >
            {scopes.map((name) => (
              <option key={name} value={name}>
                {name === 'admin'
                  ? 'everything (admin)'
                  : name === 'organization'
                    ? 'an organization (its admin key)'
                    : `one ${name}`}
              </option>
            ))}
          </select>
        </div>
        {scope === 'workspace' || scope === 'peer' || scope === 'session'
          ? field('workspace', 'Workspace id')
          : null}
        {scope === 'peer' ? field('peer', 'Peer id') : null}
        {scope === 'session' ? field('session', 'Session id') : null}
        {scope === 'organization' ? field('organization', 'Organization id') : null}
        {field('name', 'Name (optional)', false)}
        <div class="field">
          <label for="mint-expires">Expires (optional)</label>
          <input
            id="mint-expires"
            type="datetime-local"
            value={fields.expires ?? ''}
            onInput={(event) => setFields({ ...fields, expires: event.currentTarget.value })}
          />
        </div>
        <button type="submit">Mint key</button>
      </form>
      <Failure error={failure} />
      {minted === undefined ? null : (
        <div class="minted" role="status">
          <p>
            <strong>Copy this key now: it is shown this once.</strong> Its id is <code>{minted.id}</code>.
          </p>
          <label for="minted-key">New key</label>
          <input
            id="minted-key"
            readOnly
            value={minted.key}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={minted.key} label="Copy key" />
        </div>
      )}
    </section>
  );
}
