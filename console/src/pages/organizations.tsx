import { useState } from 'preact/hooks';
import { api, v3 } from '../api.js';
import { ConfirmButton } from '../parts/confirm-button.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { Switch } from '../parts/switch.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';
import { useSignedInKey } from '../session.js';

type Organization = { id: string; name: string; created_at: string };
type Member = { member: string; role: 'member' | 'admin'; created_at: string };

/** /console/organizations: organizations, their members and admin rights, and the workspaces they own. */
export function OrganizationsPage() {
  const signedIn = useSignedInKey();
  const list = useLoad(() => api<Organization[]>('GET', '/v3/organizations'), []);
  return (
    <>
      <Heading>Organizations</Heading>
      <p>
        <Link href={consolePath('mcp')}>MCP sign-ins (OAuth) of every workspace you administer</Link>
      </p>
      {signedIn.kind === 'admin' ? <CreateOrganization onCreated={list.reload} /> : null}
      <Failure error={list.error} />
      {list.data === undefined ? (
        list.error ? null : (
          <Loading />
        )
      ) : list.data.length === 0 ? (
        <Empty>No organization yet.</Empty>
      ) : (
        list.data.map((organization) => (
          <OrganizationSection
            key={organization.id}
            organization={organization}
            admin={signedIn.kind === 'admin'}
          />
        ))
      )}
    </>
  );
}

function CreateOrganization({ onCreated }: { onCreated: () => void }) {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<Error>();
  return (
    <form
      class="inline"
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(undefined);
        try {
          await api('POST', '/v3/organizations', { body: { id, ...(name.trim() === '' ? {} : { name }) } });
          setId('');
          setName('');
          onCreated();
        } catch (error) {
          setFailure(error as Error);
        }
      }}
    >
      <label for="organization-id">New organization id</label>
      <input id="organization-id" required value={id} onInput={(event) => setId(event.currentTarget.value)} />
      <label for="organization-name">Name</label>
      <input id="organization-name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <button type="submit">Create</button>
      <Failure error={failure} />
    </form>
  );
}

function OrganizationSection({ organization, admin }: { organization: Organization; admin: boolean }) {
  const members = useLoad(
    () => api<Member[]>('GET', v3('organizations', organization.id, 'members')),
    [organization.id],
  );
  const workspaces = useLoad(
    () => api<string[]>('GET', v3('organizations', organization.id, 'workspaces')),
    [organization.id],
  );
  const [member, setMember] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [workspace, setWorkspace] = useState('');
  const [failure, setFailure] = useState<Error>();
  /** Runs a write, then reloads what it changed; answers whether it succeeded (a failure is shown). */
  const act = async (request: () => Promise<unknown>, reload: () => void) => {
    setFailure(undefined);
    try {
      await request();
      reload();
      return true;
    } catch (error) {
      setFailure(error as Error);
      return false;
    }
  };
  const heading = `organization-${organization.id}`;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>
        {organization.name} <span class="quiet">({organization.id})</span>
      </h2>
      <p class="quiet">
        Created <When iso={organization.created_at} />
      </p>
      <h3>Members</h3>
      <Failure error={members.error} />
      {members.data === undefined ? null : members.data.length === 0 ? (
        <Empty>No members yet.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Admin</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span class="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((row) => (
              <tr key={row.member}>
                <th scope="row">{row.member}</th>
                <td>
                  <Switch
                    label={`${row.member} is an admin`}
                    on={row.role === 'admin'}
                    save={(on) =>
                      act(
                        () =>
                          api('PUT', v3('organizations', organization.id, 'members', row.member), {
                            body: { role: on ? 'admin' : 'member' },
                          }),
                        members.reload,
                      )
                    }
                  />
                </td>
                <td>
                  <When iso={row.created_at} />
                </td>
                <td>
                  <ConfirmButton
                    label="Remove"
                    question={`Remove ${row.member}, with the keys minted for them?`}
                    onConfirm={async () => {
                      await act(
                        () => api('DELETE', v3('organizations', organization.id, 'members', row.member)),
                        members.reload,
                      );
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        class="inline"
        onSubmit={(event) => {
          event.preventDefault();
          act(
            () => api('POST', v3('organizations', organization.id, 'members'), { body: { member, role } }),
            () => {
              setMember('');
              members.reload();
            },
          );
        }}
      >
        <label for={`${heading}-member`}>Member (name or email)</label>
        <input
          id={`${heading}-member`}
          required
          value={member}
          onInput={(event) => setMember(event.currentTarget.value)}
        />
        <label for={`${heading}-role`}>Role</label>
        <select
          id={`${heading}-role`}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as typeof role)}
        >
          <option value="member">member</option>
          <option value="admin">admin</option>
        </select>
        <button type="submit">Add member</button>
      </form>
      <h3>Workspaces</h3>
      <Failure error={workspaces.error} />
      {workspaces.data === undefined ? (
        <Loading />
      ) : workspaces.data.length === 0 ? (
        <Empty>It owns no workspace.</Empty>
      ) : (
        <ul class="columns">
          {workspaces.data.map((id) => (
            <li key={id}>
              <Link href={consolePath('workspaces', id)}>{id}</Link>
            </li>
          ))}
        </ul>
      )}
      {admin ? (
        <form
          class="inline"
          onSubmit={(event) => {
            event.preventDefault();
            act(
              () => api('PUT', v3('organizations', organization.id, 'workspaces', workspace)),
              () => {
                setWorkspace('');
                workspaces.reload();
              },
            );
          }}
        >
          <label for={`${heading}-workspace`}>Give it a workspace id</label>
          <input
            id={`${heading}-workspace`}
            required
            value={workspace}
            onInput={(event) => setWorkspace(event.currentTarget.value)}
          />
          <button type="submit">Give</button>
        </form>
      ) : null}
      <Failure error={failure} />
    </section>
  );
}
