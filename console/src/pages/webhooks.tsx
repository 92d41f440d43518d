import { useState } from 'preact/hooks';
import { api, type Page, v3 } from '../api.js';
import { CopyButton } from '../parts/copy-button.js';
import { DeleteButton } from '../parts/delete-button.js';
import { Done, Empty, Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { Pager } from '../parts/pager.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';

type Endpoint = { id: string; url: string; created_at: string; secret?: string };
type Delivery = {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
};

/** /console/workspaces/{w}/webhooks: where the workspace's events go, and how each delivery went. */
export function WebhooksPage({ workspace }: { workspace: string }) {
  const endpoints = useLoad(
    () => api<Page<Endpoint>>('GET', v3('workspaces', workspace, 'webhooks'), { query: { size: 100 } }),
    [workspace],
  );
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<Endpoint>();
  const [failure, setFailure] = useState<Error>();
  const [done, setDone] = useState<string>();
  return (
    <>
      <Heading>Webhooks of {workspace}</Heading>
      <p>
        <Link href={consolePath('workspaces', workspace)}>Back to the workspace</Link>
      </p>
      <form
        class="inline"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          try {
            const endpoint = await api<Endpoint>('POST', v3('workspaces', workspace, 'webhooks'), {
              body: { url },
            });
            setCreated(endpoint.secret === undefined ? undefined : endpoint);
            setDone(endpoint.secret === undefined ? 'That URL was already an endpoint.' : undefined);
            setUrl('');
            endpoints.reload();
          } catch (error) {
            setFailure(error as Error);
          }
        }}
      >
        <label for="webhook-url">Endpoint URL</label>
        <input
          id="webhook-url"
          type="url"
          required
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <button type="submit">Add endpoint</button>
      </form>
      {created?.secret === undefined ? null : (
        <div class="minted" role="status">
          <p>
            <strong>Copy the signing secret now: it is shown this once.</strong>
          </p>
          <label for="webhook-secret">Signing secret of {created.url}</label>
          <input id="webhook-secret" readOnly value={created.secret} />
          <CopyButton text={created.secret} label="Copy secret" />
        </div>
      )}
      <Done text={done} />
      <Failure error={failure} />
      <Failure error={endpoints.error} />
      {endpoints.data === undefined ? (
        endpoints.error ? null : (
          <Loading />
        )
      ) : endpoints.data.total === 0 ? (
        <Empty>No endpoint: events of this workspace go nowhere.</Empty>
      ) : (
        <>
          <button
            type="button"
            onClick={async () => {
              setFailure(undefined);
              try {
                await api('GET', v3('workspaces', workspace, 'webhooks', 'test'));
                setDone('A test.event was queued for every endpoint.');
              } catch (error) {
                setFailure(error as Error);
              }
            }}
          >
            Send a test event
          </button>
          {endpoints.data.items.map((endpoint) => (
            <EndpointSection
              key={endpoint.id}
              workspace={workspace}
              endpoint={endpoint}
              onDeleted={endpoints.reload}
            />
          ))}
        </>
      )}
    </>
  );
}

function EndpointSection(props: { workspace: string; endpoint: Endpoint; onDeleted: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useLoad(
    () =>
      api<Page<Delivery>>(
        'GET',
        v3('workspaces', props.workspace, 'webhooks', props.endpoint.id, 'deliveries'),
        {
          query: { page, size: 10, reverse: true },
        },
      ),
    [props.workspace, props.endpoint.id, page],
  );
  const [failure, setFailure] = useState<Error>();
  const heading = `endpoint-${props.endpoint.id}`;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading} class="url">
        {props.endpoint.url}
      </h2>
      <p class="quiet">
        Added <When iso={props.endpoint.created_at} /> · id {props.endpoint.id}
      </p>
      <div class="actions">
        <button type="button" onClick={deliveries.reload}>
          Refresh deliveries
        </button>
        <DeleteButton
          label="Delete endpoint"
          question={`Delete ${props.endpoint.url}? Deliveries not yet sent are dropped.`}
          path={v3('workspaces', props.workspace, 'webhooks', props.endpoint.id)}
          onDeleted={props.onDeleted}
          onFailure={setFailure}
        />
      </div>
      <Failure error={failure ?? deliveries.error} />
      {deliveries.data === undefined ? null : deliveries.data.total === 0 ? (
        <Empty>Nothing was sent to it yet.</Empty>
      ) : (
        <>
          <div class="scroll">
            <table>
              <caption>Deliveries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Next try</th>
                  <th scope="col">Happened</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.items.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{delivery.type}</td>
                    <td class={`status ${delivery.status}`}>{delivery.status}</td>
                    <td>{delivery.attempts}</td>
                    <td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</td>
                    <td>{delivery.status === 'pending' ? <When iso={delivery.next_attempt_at} /> : '—'}</td>
                    <td>
                      <When iso={delivery.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Deliveries" page={page} of={deliveries.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
