import { useState } from 'preact/hooks';
import { api, type Page, v3 } from '../api.js';
import { DeleteButton } from '../parts/delete-button.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { isEmptyObject, JsonText } from '../parts/json-text.js';
import { Pager } from '../parts/pager.js';
import { Switch } from '../parts/switch.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link, navigate } from '../router.js';
import { MessageList, type PlatformMessage } from './message-list.js';

type Summary = { content: string; created_at: string; token_count: number } | null;
type Member = { id: string };
type MemberConfig = { observe_me: boolean; observe_others: boolean };
type Context = {
  messages: PlatformMessage[];
  summary: Summary;
  peer_representation: string | null;
  peer_card: string[] | null;
};

/** /console/workspaces/{w}/sessions/{s}: a conversation, what was summed up of it, and who is in it. */
export function SessionPage({ workspace, session }: { workspace: string; session: string }) {
  const members = useLoad(
    () =>
      api<Page<Member>>('GET', v3('workspaces', workspace, 'sessions', session, 'peers'), {
        query: { size: 100 },
      }),
    [workspace, session],
  );
  const memberIds = members.data?.items.map((member) => member.id) ?? [];
  return (
    <>
      <Heading>Session {session}</Heading>
      <p>
        In workspace <Link href={consolePath('workspaces', workspace)}>{workspace}</Link>
      </p>
      <Failure error={members.error} />
      {members.error ? null : (
        <>
          <MessagesSection workspace={workspace} session={session} members={memberIds} />
          <SummariesSection workspace={workspace} session={session} />
          <MembersSection
            workspace={workspace}
            session={session}
            members={memberIds}
            loading={members.data === undefined}
          />
          <ContextSection workspace={workspace} session={session} members={memberIds} />
          <ManageSection workspace={workspace} session={session} />
        </>
      )}
    </>
  );
}

function MessagesSection(props: { workspace: string; session: string; members: string[] }) {
  const [peer, setPeer] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(
    () =>
      api<Page<PlatformMessage>>(
        'POST',
        v3('workspaces', props.workspace, 'sessions', props.session, 'messages', 'list'),
        {
          query: { page, size: 20 },
          body: { filters: peer === '' ? {} : { peer_id: peer } },
        },
      ),
    [props.workspace, props.session, peer, page],
  );
  return (
    <section aria-labelledby="messages">
      <h2 id="messages">Messages</h2>
      <div class="inline">
        <label for="message-peer">From</label>
        <select
          id="message-peer"
          value={peer}
          onChange={(event) => {
            setPeer(event.currentTarget.value);
            setPage(1);
          }}
        >
          <option value="">every peer</option>
          {props.members.map((member) => (
            <option key={member} value={member}>
              {member}
            </option>
          ))}
        </select>
      </div>
      <Failure error={list.error} />
      {list.data === undefined ? (
        list.error ? null : (
          <Loading />
        )
      ) : list.data.total === 0 ? (
        <Empty>No messages{peer === '' ? '' : ` from ${peer}`}.</Empty>
      ) : (
        <>
          <MessageList workspace={props.workspace} messages={list.data.items} />
          <Pager label="Messages" page={page} of={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function SummariesSection({ workspace, session }: { workspace: string; session: string }) {
  const summaries = useLoad(
    () =>
      api<{ short_summary: Summary; long_summary: Summary }>(
        'GET',
        v3('workspaces', workspace, 'sessions', session, 'summaries'),
      ),
    [workspace, session],
  );
  const shown: [string, Summary][] = [
    ['Short', summaries.data?.short_summary ?? null],
    ['Long', summaries.data?.long_summary ?? null],
  ];
  return (
    <section aria-labelledby="summaries">
      <h2 id="summaries">Summaries</h2>
      <Failure error={summaries.error} />
      {summaries.data === undefined ? null : shown.every(([, summary]) => summary === null) ? (
        <Empty>No summary yet: one is written after every few messages.</Empty>
      ) : (
        shown.map(([label, summary]) =>
          summary === null ? null : (
            <div key={label}>
              <h3>{label}</h3>
              <p class="content">{summary.content}</p>
              <p class="quiet">
                <When iso={summary.created_at} /> · {summary.token_count} tokens
              </p>
            </div>
          ),
        )
      )}
    </section>
  );
}

function MembersSection(props: { workspace: string; session: string; members: string[]; loading: boolean }) {
  return (
    <section aria-labelledby="members">
      <h2 id="members">Members</h2>
      {props.loading ? (
        <Loading />
      ) : props.members.length === 0 ? (
        <Empty>No peer is a member.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Peer</th>
              <th scope="col">Others learn about it (observe_me)</th>
              <th scope="col">It learns about others (observe_others)</th>
            </tr>
          </thead>
          <tbody>
            {props.members.map((member) => (
              <MemberRow key={member} workspace={props.workspace} session={props.session} peer={member} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MemberRow({ workspace, session, peer }: { workspace: string; session: string; peer: string }) {
  const path = v3('workspaces', workspace, 'sessions', session, 'peers', peer, 'config');
  const config = useLoad(() => api<MemberConfig>('GET', path), [path]);
  const [failure, setFailure] = useState<Error>();
  const save = (field: keyof MemberConfig) => async (on: boolean) => {
    setFailure(undefined);
    try {
      await api('PUT', path, { body: { [field]: on } });
      return true;
    } catch (error) {
      setFailure(error as Error);
      return false;
    } finally {
      config.reload();
    }
  };
  return (
    <tr>
      <th scope="row">
        <Link href={consolePath('workspaces', workspace, 'peers', peer)}>{peer}</Link>
        <Failure error={config.error ?? failure} />
      </th>
      {(['observe_me', 'observe_others'] as const).map((field) => (
        <td key={field}>
          <Switch
            label={`${field} for ${peer}`}
            on={config.data?.[field] ?? false}
            disabled={config.data === undefined}
            save={save(field)}
          />
        </td>
      ))}
    </tr>
  );
}

function ContextSection(props: { workspace: string; session: string; members: string[] }) {
  const [tokens, setTokens] = useState('2000');
  const [target, setTarget] = useState('');
  const [context, setContext] = useState<Context>();
  const [failure, setFailure] = useState<Error>();
  return (
    <section aria-labelledby="context">
      <h2 id="context">Context for a prompt</h2>
      <form
        class="inline"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          try {
            setContext(
              await api<Context>(
                'GET',
                v3('workspaces', props.workspace, 'sessions', props.session, 'context'),
                {
                  query: { tokens, peer_target: target },
                },
              ),
            );
          } catch (error) {
            setFailure(error as Error);
          }
        }}
      >
        <label for="context-tokens">Token budget</label>
        <input
          id="context-tokens"
          type="number"
          min={1}
          max={100000}
          required
          value={tokens}
          onInput={(event) => setTokens(event.currentTarget.value)}
        />
        <label for="context-target">About</label>
        <select id="context-target" value={target} onChange={(event) => setTarget(event.currentTarget.value)}>
          <option value="">no peer</option>
          {props.members.map((member) => (
            <option key={member} value={member}>
              {member}
            </option>
          ))}
        </select>
        <button type="submit">Get context</button>
      </form>
      <Failure error={failure} />
      {context === undefined ? null : (
        <div class="context" aria-live="polite">
          <p>
            {context.messages.length} {context.messages.length === 1 ? 'message' : 'messages'},{' '}
            {context.messages.reduce((sum, message) => sum + message.token_count, 0)} tokens of messages
          </p>
          {context.summary === null ? null : (
            <>
              <h3>Summary</h3>
              <p class="content">{context.summary.content}</p>
            </>
          )}
          {context.peer_card === null || context.peer_card.length === 0 ? null : (
            <>
              <h3>Card</h3>
              <ul>
                {context.peer_card.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            </>
          )}
          {context.peer_representation === null ? null : (
            <>
              <h3>Representation</h3>
              <pre class="prose">{context.peer_representation}</pre>
            </>
          )}
          {context.messages.length === 0 ? null : (
            <>
              <h3>Messages</h3>
              <MessageList workspace={props.workspace} messages={context.messages} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function ManageSection({ workspace, session }: { workspace: string; session: string }) {
  const details = useLoad(
    () =>
      api<
        Page<{
          metadata: Record<string, unknown>;
          configuration: Record<string, unknown>;
          created_at: string;
        }>
      >('POST', v3('workspaces', workspace, 'sessions', 'list'), {
        query: { size: 1 },
        body: { filters: { id: session } },
      }),
    [workspace, session],
  );
  const [failure, setFailure] = useState<Error>();
  const found = details.data?.items[0];
  return (
    <section aria-labelledby="manage">
      <h2 id="manage">Session</h2>
      {found === undefined ? null : (
        <>
          <p class="quiet">
            Created <When iso={found.created_at} />
          </p>
          <h3>Metadata</h3>
          {isEmptyObject(found.metadata) ? (
            <Empty>None.</Empty>
          ) : (
            <JsonText value={found.metadata} label="Session metadata" />
          )}
        </>
      )}
      <div class="actions">
        <button
          type="button"
          onClick={async () => {
            setFailure(undefined);
            try {
              const copy = await api<{ id: string }>(
                'POST',
                v3('workspaces', workspace, 'sessions', session, 'clone'),
              );
              navigate(consolePath('workspaces', workspace, 'sessions', copy.id));
            } catch (error) {
              setFailure(error as Error);
            }
          }}
        >
          Clone session
        </button>
        <DeleteButton
          label="Delete session"
          question={`Delete ${session} with its messages and what was learned from them?`}
          path={v3('workspaces', workspace, 'sessions', session)}
          onDeleted={() => navigate(consolePath('workspaces', workspace))}
          onFailure={setFailure}
        />
      </div>
      <Failure error={failure} />
    </section>
  );
}
