import { useState } from 'preact/hooks';
import { api, type Page, v3 } from '../api.js';
import { DeleteButton } from '../parts/delete-button.js';
import { Empty, Failure } from '../parts/feedback.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';

type Observation = {
  id: string;
  content: string;
  session_id: string;
  card_entry: string | null;
  times_seen: number;
  occurred_at: string | null;
  created_at: string;
  superseded_by: string | null;
  sources: { id: string; session_id: string; peer_id: string; content: string; created_at: string }[];
  source_count: number;
};

/** What a peer learned about itself or another: current, or the history a newer one replaced. */
export function ObservationsSection({ workspace, peer }: { workspace: string; peer: string }) {
  const [history, setHistory] = useState(false);
  const [target, setTarget] = useState('');
  const [about, setAbout] = useState('');
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<Error>();
  const list = useLoad(
    () =>
      api<Page<Observation>>('GET', v3('workspaces', workspace, 'peers', peer, 'observations'), {
        query: { page, size: 20, reverse: true, history, target: about },
      }),
    [workspace, peer, page, history, about],
  );
  return (
    <section aria-labelledby="observations">
      <h2 id="observations">Observations</h2>
      <form
        class="inline"
        onSubmit={(event) => {
          event.preventDefault();
          setAbout(target.trim());
          setPage(1);
        }}
      >
        <label for="observations-about">About</label>
        <input
          id="observations-about"
          placeholder={`${peer} itself`}
          value={target}
          onInput={(event) => setTarget(event.currentTarget.value)}
        />
        <button type="submit">Show</button>
        <label class="check">
          <input
            type="checkbox"
            checked={history}
            onChange={(event) => {
              setHistory(event.currentTarget.checked);
              setPage(1);
            }}
          />{' '}
          History: observations a newer one replaced
        </label>
      </form>
      <Failure error={list.error} />
      <Failure error={failure} />
      {list.data === undefined ? null : list.data.total === 0 ? (
        <Empty>{history ? 'No observation was replaced.' : 'Nothing learned yet.'}</Empty>
      ) : (
        <>
          <ol class={history ? 'observations history' : 'observations'}>
            {list.data.items.map((observation) => (
              <li key={observation.id}>
                <p class="content">{observation.content}</p>
                <p class="quiet">
                  {history ? 'Replaced; learned ' : 'Learned '}
                  <When iso={observation.created_at} />
                  {observation.occurred_at === null ? null : (
                    <>
                      {' '}
                      · happened <When iso={observation.occurred_at} />
                    </>
                  )}{' '}
                  · seen {observation.times_seen} {observation.times_seen === 1 ? 'time' : 'times'}
                  {observation.card_entry === null ? null : <> · card: {observation.card_entry}</>}
                </p>
                {observation.sources.length === 0 ? null : (
                  <details>
                    <summary>
                      From {observation.source_count}{' '}
                      {observation.source_count === 1 ? 'message' : 'messages'}
                    </summary>
                    <ul class="sources">
                      {observation.sources.map((source) => (
                        <li key={source.id}>
                          <span class="who">{source.peer_id}</span> in{' '}
                          <Link href={consolePath('workspaces', workspace, 'sessions', source.session_id)}>
                            {source.session_id}
                          </Link>
                          , <When iso={source.created_at} />: <q>{source.content}</q>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <DeleteButton
                  label="Delete"
                  question="Delete this observation?"
                  path={v3('workspaces', workspace, 'conclusions', observation.id)}
                  onDeleted={list.reload}
                  onFailure={setFailure}
                />
              </li>
            ))}
          </ol>
          <Pager label="Observations" page={page} of={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
