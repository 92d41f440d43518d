import { useState } from 'preact/hooks';
import { api, type Page, v3 } from '../api.js';
import { Done, Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { isEmptyObject, JsonText } from '../parts/json-text.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';

type Workspace = {
  id: string;
  metadata: Record<string, unknown>;
  configuration: Record<string, unknown>;
  created_at: string;
};
type Counts = {
  peers: number;
  sessions: number;
  messages: number;
  observations: number;
  superseded_observations: number;
};
type Queue = {
  total_work_units: number;
  completed_work_units: number;
  in_progress_work_units: number;
  pending_work_units: number;
};
type Listed = { id: string; created_at: string; is_active?: boolean };

/** /console/workspaces/{w}: what a workspace holds, its learning queue, peers, sessions and settings. */
export function WorkspacePage({ workspace }: { workspace: string }) {
  const found = useLoad(() => api<Workspace>('GET', v3('workspaces', workspace)), [workspace]);
  return (
    <>
      <Heading>Workspace {workspace}</Heading>
      <p>
        <Link href={consolePath('workspaces', workspace, 'webhooks')}>Webhooks of this workspace</Link>
        {' · '}
        <Link href={consolePath('workspaces', workspace, 'mcp')}>MCP sign-ins (OAuth)</Link>
      </p>
      <Failure error={found.error} />
      {found.error ? null : (
        <>
          <CountsSection workspace={workspace} />
          <QueueSection workspace={workspace} />
          <ListSection workspace={workspace} kind="peers" />
          <ListSection workspace={workspace} kind="sessions" />
          {found.data === undefined ? (
            <Loading />
          ) : (
            <SettingsSection found={found.data} onSaved={found.reload} />
          )}
        </>
      )}
    </>
  );
}

function CountsSection({ workspace }: { workspace: string }) {
  const counts = useLoad(() => api<Counts>('GET', v3('workspaces', workspace, 'counts')), [workspace]);
  const figures: [string, number | undefined][] = [
    ['Peers', counts.data?.peers],
    ['Sessions', counts.data?.sessions],
    ['Messages', counts.data?.messages],
    ['Observations', counts.data?.observations],
    ['Replaced observations', counts.data?.superseded_observations],
  ];
  return (
    <section aria-labelledby="counts">
      <h2 id="counts">What it holds</h2>
      <Failure error={counts.error} />
      {counts.data === undefined ? null : (
        <dl class="figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value?.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function QueueSection({ workspace }: { workspace: string }) {
  const queue = useLoad(() => api<Queue>('GET', v3('workspaces', workspace, 'queue', 'status')), [workspace]);
  return (
    <section aria-labelledby="queue">
      <h2 id="queue">Learning queue</h2>
      <Failure error={queue.error} />
      {queue.data === undefined ? null : queue.data.total_work_units === 0 ? (
        <Empty>Nothing was queued for learning yet.</Empty>
      ) : (
        <>
          <p>
            {queue.data.completed_work_units} of {queue.data.total_work_units} learning tasks done;{' '}
            {queue.data.in_progress_work_units} under way, {queue.data.pending_work_units} waiting.
          </p>
          <progress
            max={queue.data.total_work_units}
            value={queue.data.completed_work_units}
            aria-label="Learned"
          />
        </>
      )}
      <button type="button" onClick={queue.reload}>
        Refresh
      </button>
    </section>
  );
}

function ListSection({ workspace, kind }: { workspace: string; kind: 'peers' | 'sessions' }) {
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => api<Page<Listed>>('POST', v3('workspaces', workspace, kind, 'list'), { query: { page, size: 20 } }),
    [workspace, kind, page],
  );
  const title = kind === 'peers' ? 'Peers' : 'Sessions';
  return (
    <section aria-labelledby={kind}>
      <h2 id={kind}>{title}</h2>
      <Failure error={list.error} />
      {list.data === undefined ? null : list.data.total === 0 ? (
        <Empty>No {kind} yet.</Empty>
      ) : (
        <>
          <ul class="columns">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <Link href={consolePath('workspaces', workspace, kind, item.id)}>{item.id}</Link>{' '}
                <span class="quiet">
                  <When iso={item.created_at} />
                  {item.is_active === false ? ' · inactive' : ''}
                </span>
              </li>
            ))}
          </ul>
          <Pager label={title} page={page} of={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function SettingsSection({ found, onSaved }: { found: Workspace; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<Error>();
  const [done, setDone] = useState<string>();
  return (
    <section aria-labelledby="settings">
      <h2 id="settings">Metadata and configuration</h2>
      <p class="quiet">
        Created <When iso={found.created_at} />
      </p>
      {editing ? (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setFailure(undefined);
            try {
              const metadata = JSON.parse(text) as unknown;
              await api('PUT', v3('workspaces', found.id), { body: { metadata } });
              setEditing(false);
              setDone('Metadata saved.');
              onSaved();
            } catch (error) {
              setFailure(
                error instanceof SyntaxError
                  ? new Error(`metadata: not JSON: ${error.message}`)
                  : (error as Error),
              );
            }
          }}
        >
          <label for="metadata">Metadata (a JSON object)</label>
          <textarea
            id="metadata"
            class="code"
            rows={6}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <button type="submit">Save metadata</button>{' '}
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
          <Failure error={failure} />
        </form>
      ) : (
        <>
          <h3>Metadata</h3>
          {isEmptyObject(found.metadata) ? (
            <Empty>None.</Empty>
          ) : (
            <JsonText value={found.metadata} label="Metadata" />
          )}
          <button
            type="button"
            onClick={() => {
              setText(JSON.stringify(found.metadata, null, 2));
              setEditing(true);
              setDone(undefined);
            }}
          >
            Edit metadata
          </button>
          <Done text={done} />
        </>
      )}
      <h3>Configuration</h3>
      {isEmptyObject(found.configuration) ? (
        <Empty>None: the defaults apply.</Empty>
      ) : (
        <JsonText value={found.configuration} label="Configuration" />
      )}
    </section>
  );
}
