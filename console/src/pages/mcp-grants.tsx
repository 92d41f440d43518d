import { useState } from 'preact/hooks';
import { api, v3 } from '../api.js';
import { DeleteButton } from '../parts/delete-button.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Figures } from '../parts/figures.js';
import { Heading } from '../parts/heading.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';

type Grant = {
  id: string;
  workspace_id: string;
  client_id: string;
  client_name: string | null;
  key_id: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

/**
 * The clients signed in to `/mcp` with OAuth, each revocable: of one workspace
 * (/console/workspaces/{w}/mcp), or of every workspace the key administers (/console/mcp: all for
 * an admin key, its organization's for an organization key).
 */
export function McpGrantsPage({ workspace }: { workspace?: string | undefined }) {
  const grants = useLoad(
    () =>
      api<Grant[]>(
        'GET',
        workspace === undefined ? v3('oauth', 'grants') : v3('workspaces', workspace, 'oauth', 'grants'),
      ),
    [workspace],
  );
  const [failure, setFailure] = useState<Error>();
  return (
    <>
      <Heading>{workspace === undefined ? 'MCP sign-ins' : `MCP sign-ins of ${workspace}`}</Heading>
      <p>
        {workspace === undefined ? (
          <Link href={consolePath('organizations')}>Back to the organizations</Link>
        ) : (
          <Link href={consolePath('workspaces', workspace)}>Back to the workspace</Link>
        )}
      </p>
      <p class="quiet">
        Clients that signed in to /mcp with OAuth, each granted one workspace. Revoking one refuses its tokens
        from its next request; it must sign in again.
      </p>
      <Failure error={failure ?? grants.error} />
      {grants.data === undefined ? (
        grants.error ? null : (
          <Loading />
        )
      ) : grants.data.length === 0 ? (
        <Empty>No client has signed in with OAuth here.</Empty>
      ) : (
        <>
          <GrantFigures grants={grants.data} />
          <div class="scroll">
            <table>
              <caption>OAuth grants, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  {workspace === undefined ? <th scope="col">Workspace</th> : null}
                  <th scope="col">Granted</th>
                  <th scope="col">Last used</th>
                  <th scope="col">With key</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {grants.data.map((grant) => (
                  <tr key={grant.id}>
                    <td>
                      {grant.client_name ?? 'Unnamed client'}
                      <div class="quiet url">{grant.client_id}</div>
                    </td>
                    {workspace === undefined ? <td>{grant.workspace_id}</td> : null}
                    <td>
                      <When iso={grant.created_at} />
                    </td>
                    <td>{grant.last_used_at === null ? '—' : <When iso={grant.last_used_at} />}</td>
                    <td>{grant.key_id ?? 'the configured admin key'}</td>
                    <td>
                      {grant.revoked_at !== null ? (
                        <>
                          revoked <When iso={grant.revoked_at} />
                        </>
                      ) : (
                        <DeleteButton
                          label="Revoke"
                          question={`Revoke the access of ${grant.client_name ?? grant.client_id}?`}
                          path={v3('workspaces', grant.workspace_id, 'oauth', 'grants', grant.id)}
                          onDeleted={() => {
                            setFailure(undefined);
                            grants.reload();
                          }}
                          onFailure={setFailure}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** How many grants are live and how many revoked, and when a client last used one. */
function GrantFigures({ grants }: { grants: readonly Grant[] }) {
  const revoked = grants.filter((grant) => grant.revoked_at !== null).length;
  const lastUsed = grants
    .map((grant) => grant.last_used_at)
    .filter((time) => time !== null)
    .sort()
    .at(-1);
  return (
    <Figures
      items={[
        ['Live', String(grants.length - revoked)],
        ['Revoked', String(revoked)],
        ['Last used', lastUsed === undefined ? '—' : <When iso={lastUsed} />],
      ]}
      wide
    />
  );
}
