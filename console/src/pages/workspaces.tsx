import { useState } from 'preact/hooks';
import { api, type Page, v3 } from '../api.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link, navigate } from '../router.js';
import { type SignedInKey, useSignedInKey } from '../session.js';

type Workspace = { id: string; metadata: Record<string, unknown>; created_at: string };

/** /console/workspaces: the workspaces the key reaches, each a link to its page. */
export function WorkspacesPage() {
  const key = useSignedInKey();
  return (
    <>
      <Heading>Workspaces</Heading>
      {key.kind === 'admin' ? (
        <AllWorkspaces />
      ) : key.kind === 'organization' ? (
        <OrganizationWorkspaces />
      ) : (
        <OwnWorkspace signedIn={key} />
      )}
    </>
  );
}

function AllWorkspaces() {
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => api<Page<Workspace>>('POST', '/v3/workspaces/list', { query: { page, size: 20, reverse: true } }),
    [page],
  );
  return (
    <>
      <CreateWorkspace />
      <Failure error={list.error} />
      {list.data === undefined ? (
        list.error ? null : (
          <Loading />
        )
      ) : list.data.total === 0 ? (
        <Empty>No workspace yet. Create one above, or write messages through the API or MCP.</Empty>
      ) : (
        <>
          <table>
            <caption>Newest first</caption>
            <thead>
              <tr>
                <th scope="col">Workspace</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((workspace) => (
                <tr key={workspace.id}>
                  <td>
                    <Link href={consolePath('workspaces', workspace.id)}>{workspace.id}</Link>
                  </td>
                  <td>
                    <When iso={workspace.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label="Workspaces" page={page} of={list.data} onPage={setPage} />
        </>
      )}
    </>
  );
}

function CreateWorkspace() {
  const [id, setId] = useState('');
  const [failure, setFailure] = useState<Error>();
  return (
    <form
      class="inline"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api('POST', '/v3/workspaces', { body: { id } });
          navigate(consolePath('workspaces', id));
        } catch (error) {
          setFailure(error as Error);
        }
      }}
    >
      <label for="new-workspace">New workspace id</label>
      <input id="new-workspace" required value={id} onInput={(event) => setId(event.currentTarget.value)} />
      <button type="submit">Create or open</button>
      <Failure error={failure} />
    </form>
  );
}

function OrganizationWorkspaces() {
  const key = useSignedInKey();
  const organization = key.organization_id ?? '';
  const list = useLoad(
    () => api<string[]>('GET', v3('organizations', organization, 'workspaces')),
    [organization],
  );
  const ids = list.data ?? [];
  return (
    <>
      <p>The workspaces of organization {organization}.</p>
      <Failure error={list.error} />
      {list.data === undefined ? (
        list.error ? null : (
          <Loading />
        )
      ) : ids.length === 0 ? (
        <Empty>The organization owns no workspace yet.</Empty>
      ) : (
        <ul class="plain">
          {ids.map((id) => (
            <li key={id}>
              <Link href={consolePath('workspaces', id)}>{id}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A workspace, peer or session key reaches one workspace, or less: its own page is the start. */
function OwnWorkspace({ signedIn }: { signedIn: SignedInKey }) {
  const workspace = signedIn.workspace_id ?? '';
  return (
    <>
      <p>This key reaches one workspace{signedIn.kind === 'workspace' ? '' : ', and only part of it'}.</p>
      <ul class="plain">
        {signedIn.kind === 'workspace' ? (
          <li>
            <Link href={consolePath('workspaces', workspace)}>{workspace}</Link>
          </li>
        ) : null}
        {signedIn.peer_id !== null ? (
          <li>
            Peer{' '}
            <Link href={consolePath('workspaces', workspace, 'peers', signedIn.peer_id)}>
              {signedIn.peer_id}
            </Link>{' '}
            in {workspace}
          </li>
        ) : null}
        {signedIn.session_id !== null ? (
          <li>
            Session{' '}
            <Link href={consolePath('workspaces', workspace, 'sessions', signedIn.session_id)}>
              {signedIn.session_id}
            </Link>{' '}
            in {workspace}
          </li>
        ) : null}
      </ul>
    </>
  );
}
