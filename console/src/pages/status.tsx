import { api } from '../api.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Figures } from '../parts/figures.js';
import { Heading } from '../parts/heading.js';
import { useLoad } from '../parts/use-load.js';
import { When } from '../parts/when.js';
import { WhenServed } from '../parts/when-served.js';

// The fields of GET /v3/status this page shows (the server's InstanceStatus schema, docs/operations.md).
type InstanceStatus = {
  scope: string;
  version: string;
  started_at: string;
  uptime_seconds: number;
  database: { kind: string; location: string | null; size_bytes: number | null };
  vector_search: string;
  workers: {
    id: string;
    reasoner: string;
    host: string | null;
    pid: number | null;
    started_at: string;
    last_heartbeat_at: string;
    state: string;
    tasks_learned: number;
    tasks_per_minute: number;
  }[];
  queue: { pending: number; in_progress: number; failed: number; lag_seconds: number };
  webhooks: { backlog: number; oldest_seconds: number; failed_last_day: number };
};

/** /console/status: the instance, its database, its learning workers and what waits to be sent. */
export function StatusPage() {
  return (
    <>
      <Heading>Status</Heading>
      <WhenServed
        method="GET"
        path="/v3/status"
        absent="This server does not report its status: it has no GET /v3/status route."
      >
        <StatusView />
      </WhenServed>
    </>
  );
}

function StatusView() {
  const status = useLoad(() => api<InstanceStatus>('GET', '/v3/status'), []);
  if (status.error) return <Failure error={status.error} />;
  if (status.data === undefined) return <Loading />;
  const found = status.data;
  const figures: [string, string][] = [
    ['Version', found.version],
    ['Up for', duration(found.uptime_seconds)],
    [
      'Database',
      `${found.database.kind}${found.database.location === null ? '' : `: ${found.database.location}`}`,
    ],
    ['Database size', found.database.size_bytes === null ? '—' : bytes(found.database.size_bytes)],
    ['Vector search', found.vector_search],
    [
      'Learning queue',
      `${found.queue.pending} waiting, ${found.queue.in_progress} under way, ${found.queue.failed} failed`,
    ],
    ['Learning lag', duration(found.queue.lag_seconds)],
    [
      'Webhook backlog',
      `${found.webhooks.backlog} (oldest ${duration(found.webhooks.oldest_seconds)}); ${found.webhooks.failed_last_day} failed in a day`,
    ],
  ];
  return (
    <>
      <p class="quiet">
        Scope: {found.scope}. Started <When iso={found.started_at} />.{' '}
        <button type="button" onClick={status.reload}>
          Refresh
        </button>
      </p>
      <Figures items={figures} wide />
      <h2>Learning workers</h2>
      {found.workers.length === 0 ? (
        <Empty>No process has learned on this database in the last day.</Empty>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Process</th>
                <th scope="col">State</th>
                <th scope="col">Last heartbeat</th>
                <th scope="col">Learned</th>
                <th scope="col">Per minute</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {found.workers.map((worker) => (
                <tr key={worker.id}>
                  <td>
                    {worker.host ?? 'unknown host'}
                    {worker.pid === null ? '' : ` (pid ${worker.pid})`}, {worker.reasoner} reasoner
                  </td>
                  <td class={`status ${worker.state}`}>{worker.state}</td>
                  <td>
                    <When iso={worker.last_heartbeat_at} />
                  </td>
                  <td class="number">{worker.tasks_learned.toLocaleString()}</td>
                  <td class="number">{worker.tasks_per_minute.toFixed(1)}</td>
                  <td>
                    <When iso={worker.started_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

function bytes(size: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
