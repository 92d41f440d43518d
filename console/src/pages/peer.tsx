import { useState } from 'preact/hooks';
import { ApiError, api, type Page, v3 } from '../api.js';
import { bodySchema, hasRoute } from '../api-description.js';
import { ConfirmButton } from '../parts/confirm-button.js';
import { DeleteButton } from '../parts/delete-button.js';
import { Done, Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { isEmptyObject, JsonText } from '../parts/json-text.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link, navigate } from '../router.js';
import { MessageList, type PlatformMessage } from './message-list.js';
import { ObservationsSection } from './peer-observations.js';

type Peer = {
  id: string;
  metadata: Record<string, unknown>;
  configuration: Record<string, unknown>;
  created_at: string;
};

const PEER_PATH = '/v3/workspaces/{workspace_id}/peers/{peer_id}';

/** /console/workspaces/{w}/peers/{p}: what the memory learned about a peer, and what it can answer. */
export function PeerPage({ workspace, peer }: { workspace: string; peer: string }) {
  const [deleted, setDeleted] = useState(false);
  const removable = useLoad(() => hasRoute('DELETE', PEER_PATH), []);
  const [failure, setFailure] = useState<Error>();
  // The representation quotes the card: drawn again after every change to it.
  const [cardChanges, setCardChanges] = useState(0);
  return (
    <>
      <Heading>Peer {peer}</Heading>
      <p>
        In workspace <Link href={consolePath('workspaces', workspace)}>{workspace}</Link>
      </p>
      <PeerDetails workspace={workspace} peer={peer} />
      <CardSection workspace={workspace} peer={peer} onChanged={() => setCardChanges((n) => n + 1)} />
      <ObservationsSection workspace={workspace} peer={peer} />
      <RepresentationSection workspace={workspace} peer={peer} cardChanges={cardChanges} />
      <ChatSection workspace={workspace} peer={peer} />
      <SearchSection workspace={workspace} peer={peer} />
      <SessionsSection workspace={workspace} peer={peer} />
      {removable.data === true && !deleted ? (
        <section aria-labelledby="delete-peer">
          <h2 id="delete-peer">Delete</h2>
          <DeleteButton
            label="Delete peer"
            question={`Delete ${peer} with its messages, card and observations?`}
            path={v3('workspaces', workspace, 'peers', peer)}
            onDeleted={() => {
              setDeleted(true);
              navigate(consolePath('workspaces', workspace));
            }}
            onFailure={setFailure}
          />
          <Failure error={failure} />
        </section>
      ) : null}
    </>
  );
}

/** Its metadata: read through the list of the workspace, which never creates the peer. */
function PeerDetails({ workspace, peer }: { workspace: string; peer: string }) {
  const found = useLoad(
    () =>
      api<Page<Peer>>('POST', v3('workspaces', workspace, 'peers', 'list'), {
        query: { size: 1 },
        body: { filters: { id: peer } },
      }),
    [workspace, peer],
  );
  // A peer key may not list the workspace's peers: the rest of the page is still its own.
  if (found.error instanceof ApiError && found.error.status === 403) return null;
  if (found.error) return <Failure error={found.error} />;
  if (found.data === undefined) return <Loading />;
  const item = found.data.items[0];
  if (item === undefined)
    return <Empty>This workspace has no peer named {peer}: nothing below was learned yet.</Empty>;
  return (
    <section aria-labelledby="peer-metadata">
      <h2 id="peer-metadata">Metadata</h2>
      <p class="quiet">
        Created <When iso={item.created_at} />
      </p>
      {isEmptyObject(item.metadata) ? (
        <Empty>None.</Empty>
      ) : (
        <JsonText value={item.metadata} label="Metadata" />
      )}
    </section>
  );
}

function CardSection({
  workspace,
  peer,
  onChanged,
}: {
  workspace: string;
  peer: string;
  onChanged: () => void;
}) {
  const card = useLoad(
    () => api<{ peer_card: string[] | null }>('GET', v3('workspaces', workspace, 'peers', peer, 'card')),
    [workspace, peer],
  );
  // A server whose card schema takes an empty list clears the card that way; an older one keeps
  // at least one entry, and the console then offers no way to remove the last.
  const clearable = useLoad(
    async () => ((await bodySchema('PUT', `${PEER_PATH}/card`))?.properties?.peer_card?.minItems ?? 0) === 0,
    [],
  );
  const [entry, setEntry] = useState('');
  const [failure, setFailure] = useState<Error>();
  const [done, setDone] = useState<string>();
  // One change at a time, each made to the card the last one returned: a removal clicked while an
  // addition is on its way would otherwise write the card as it was before the addition.
  const [saving, setSaving] = useState(false);
  const entries = card.data?.peer_card ?? [];
  async function save(next: string[], said: string) {
    setFailure(undefined);
    setSaving(true);
    try {
      card.replace(
        await api<{ peer_card: string[] | null }>('PUT', v3('workspaces', workspace, 'peers', peer, 'card'), {
          body: { peer_card: next },
        }),
      );
      setDone(said);
      onChanged();
    } catch (error) {
      setFailure(error as Error);
      card.reload();
    } finally {
      setSaving(false);
    }
  }
  return (
    <section aria-labelledby="card">
      <h2 id="card">Card</h2>
      <p class="quiet">Stable facts about {peer}, given to agents first.</p>
      <Failure error={card.error} />
      {card.data === undefined ? null : entries.length === 0 ? (
        <Empty>The card is empty.</Empty>
      ) : (
        <ul class="card">
          {entries.map((text, index) => (
            <li key={`${index}:${text}`}>
              <span>{text}</span>{' '}
              {entries.length > 1 || clearable.data === true ? (
                <button
                  type="button"
                  aria-label={`Remove "${text}"`}
                  disabled={saving}
                  onClick={() =>
                    save(
                      entries.filter((_, other) => other !== index),
                      `Removed "${text}".`,
                    )
                  }
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {card.data === undefined ? null : (
        <form
          class="inline"
          onSubmit={async (event) => {
            event.preventDefault();
            await save([...entries, entry.trim()], `Added "${entry.trim()}".`);
            setEntry('');
          }}
        >
          <label for="card-entry">New entry</label>
          <input
            id="card-entry"
            required
            value={entry}
            onInput={(event) => setEntry(event.currentTarget.value)}
          />
          <button type="submit" disabled={saving}>
            Add to the card
          </button>
        </form>
      )}
      {clearable.data === true && entries.length > 0 ? (
        <ConfirmButton
          label="Clear card"
          question={`Remove every entry of ${peer}'s card?`}
          onConfirm={() => save([], 'Card cleared.')}
        />
      ) : null}
      <Done text={done} />
      <Failure error={failure} />
    </section>
  );
}

function RepresentationSection({
  workspace,
  peer,
  cardChanges,
}: {
  workspace: string;
  peer: string;
  cardChanges: number;
}) {
  const representation = useLoad(
    () =>
      api<{ representation: string }>('POST', v3('workspaces', workspace, 'peers', peer, 'representation'), {
        body: {},
      }),
    [workspace, peer, cardChanges],
  );
  return (
    <section aria-labelledby="representation">
      <h2 id="representation">Representation</h2>
      <Failure error={representation.error} />
      {representation.data === undefined ? null : representation.data.representation === '' ? (
        <Empty>Nothing learned yet.</Empty>
      ) : (
        <pre class="prose">{representation.data.representation}</pre>
      )}
    </section>
  );
}

const LEVELS = ['minimal', 'low', 'medium', 'high', 'max'];

function ChatSection({ workspace, peer }: { workspace: string; peer: string }) {
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState('low');
  const [answer, setAnswer] = useState<string | null>();
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="chat">
      <h2 id="chat">Ask</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setFailure(undefined);
          try {
            const found = await api<{ content: string | null }>(
              'POST',
              v3('workspaces', workspace, 'peers', peer, 'chat'),
              {
                body: { query, reasoning_level: level },
              },
            );
            setAnswer(found.content);
          } catch (error) {
            setFailure(error as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <label for="chat-query">Question about {peer}</label>
        <textarea
          id="chat-query"
          rows={2}
          required
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <div class="inline">
          <label for="chat-level">Reasoning level</label>
          <select id="chat-level" value={level} onChange={(event) => setLevel(event.currentTarget.value)}>
            {LEVELS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            Ask
          </button>
        </div>
      </form>
      <Failure error={failure} />
      {answer === undefined ? null : (
        <div class="answer" aria-live="polite">
          <h3>Answer</h3>
          {answer === null || answer === '' ? (
            <Empty>The memory holds no answer.</Empty>
          ) : (
            <p class="content">{answer}</p>
          )}
        </div>
      )}
    </section>
  );
}

function SearchSection({ workspace, peer }: { workspace: string; peer: string }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PlatformMessage[]>();
  const [failure, setFailure] = useState<Error>();
  return (
    <section aria-labelledby="search">
      <h2 id="search">Search what {peer} wrote</h2>
      <form
        class="inline"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          try {
            setFound(
              await api<PlatformMessage[]>('POST', v3('workspaces', workspace, 'peers', peer, 'search'), {
                body: { query, limit: 20 },
              }),
            );
          } catch (error) {
            setFailure(error as Error);
          }
        }}
      >
        <label for="peer-search">Words or meaning</label>
        <input
          id="peer-search"
          type="search"
          required
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit">Search</button>
      </form>
      <Failure error={failure} />
      {found === undefined ? null : found.length === 0 ? (
        <Empty>No message matches.</Empty>
      ) : (
        <MessageList workspace={workspace} messages={found} showSession />
      )}
    </section>
  );
}

function SessionsSection({ workspace, peer }: { workspace: string; peer: string }) {
  const [page, setPage] = useState(1);
  const list = useLoad(
    () =>
      api<Page<{ id: string; is_active: boolean; created_at: string }>>(
        'POST',
        v3('workspaces', workspace, 'peers', peer, 'sessions'),
        { query: { page, size: 20, reverse: true } },
      ),
    [workspace, peer, page],
  );
  return (
    <section aria-labelledby="peer-sessions">
      <h2 id="peer-sessions">Sessions</h2>
      <Failure error={list.error} />
      {list.data === undefined ? null : list.data.total === 0 ? (
        <Empty>{peer} is in no session.</Empty>
      ) : (
        <>
          <ul class="columns">
            {list.data.items.map((session) => (
              <li key={session.id}>
                <Link href={consolePath('workspaces', workspace, 'sessions', session.id)}>{session.id}</Link>{' '}
                <span class="quiet">{session.is_active ? 'member' : 'left'}</span>
              </li>
            ))}
          </ul>
          <Pager label="Sessions" page={page} of={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
