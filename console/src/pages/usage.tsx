import { useMemo, useState } from 'preact/hooks';
import { api } from '../api.js';
import { Empty, Failure, Loading } from '../parts/feedback.js';
import { Figures } from '../parts/figures.js';
import { Heading } from '../parts/heading.js';
import { type ChartSeries, TimeChart } from '../parts/time-chart.js';
import { useLoad } from '../parts/use-load.js';
import { WhenServed } from '../parts/when-served.js';

// The fields of GET /v3/usage this page draws (the server's UsageReport schema, docs/operations.md).
type Percentiles = { p50_ms: number; p95_ms: number; p99_ms: number };
type UsageReport = {
  bucket_seconds: number;
  scope: string;
  buckets: string[];
  requests: { route: string; status: number; counts: number[] }[];
  latency: (Percentiles | null)[];
  messages: number[];
  tokens: number[];
  queue_depth: number[];
  queue_lag_seconds: number[];
  tasks_learned: number[];
  revenue: { route: string; scheme: string; payments: number[]; micro_usd: number[] }[];
  routes: {
    route: string;
    requests: number;
    statuses: Record<string, number>;
    average_ms: number;
    p95_ms: number;
  }[];
  totals: {
    requests: number;
    errors: number;
    messages: number;
    tokens: number;
    tasks_learned: number;
    payments: number;
    revenue_micro_usd: number;
    average_ms: number | null;
    latency: Percentiles | null;
  };
};

const WINDOWS = ['hour', 'day', 'week'] as const;
/** The busiest series drawn one by one; the rest are summed, so a chart stays readable. */
const SERIES_SHOWN = 6;

/** /console/usage: requests, latency, writes, learning and revenue over the last hour, day or week. */
export function UsagePage() {
  return (
    <>
      <Heading>Usage</Heading>
      <WhenServed
        method="GET"
        path="/v3/usage"
        absent="This server does not record usage: it has no GET /v3/usage route."
      >
        <UsageReportView />
      </WhenServed>
    </>
  );
}

function UsageReportView() {
  const [window, setWindow] = useState<(typeof WINDOWS)[number]>('hour');
  const [workspace, setWorkspace] = useState('');
  const [key, setKey] = useState('');
  const [filters, setFilters] = useState({ workspace: '', key: '' });
  const report = useLoad(
    () =>
      api<UsageReport>('GET', '/v3/usage', {
        query: { window, workspace_id: filters.workspace, key_id: filters.key },
      }),
    [window, filters],
  );
  return (
    <>
      <form
        class="inline"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ workspace: workspace.trim(), key: key.trim() });
        }}
      >
        <label for="usage-window">Over the last</label>
        <select
          id="usage-window"
          value={window}
          onChange={(event) => setWindow(event.currentTarget.value as typeof window)}
        >
          {WINDOWS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label for="usage-workspace">Workspace</label>
        <input
          id="usage-workspace"
          placeholder="all"
          value={workspace}
          onInput={(event) => setWorkspace(event.currentTarget.value)}
        />
        <label for="usage-key">Key id</label>
        <input
          id="usage-key"
          placeholder="all"
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
        <button type="submit">Show</button>
        <button type="button" onClick={report.reload}>
          Refresh
        </button>
      </form>
      <Failure error={report.error} />
      {report.data === undefined ? report.error ? null : <Loading /> : <Report report={report.data} />}
    </>
  );
}

function Report({ report }: { report: UsageReport }) {
  const perBucket =
    report.bucket_seconds === 60 ? 'a minute' : report.bucket_seconds === 900 ? '15 minutes' : 'an hour';
  const requestSeries = useMemo(
    () => busiest(report.requests.map((s) => ({ label: `${s.route} ${s.status}`, values: s.counts }))),
    [report],
  );
  const { totals } = report;
  const figures: [string, string][] = [
    ['Requests', totals.requests.toLocaleString()],
    ['Server errors (5xx)', totals.errors.toLocaleString()],
    ['Average latency', totals.average_ms === null ? '—' : ms(totals.average_ms)],
    [
      'p50 / p95 / p99',
      totals.latency === null
        ? '—'
        : `${ms(totals.latency.p50_ms)} / ${ms(totals.latency.p95_ms)} / ${ms(totals.latency.p99_ms)}`,
    ],
    ['Messages written', totals.messages.toLocaleString()],
    ['Tokens written', totals.tokens.toLocaleString()],
    ['Tasks learned', totals.tasks_learned.toLocaleString()],
    ['Payments', `${totals.payments.toLocaleString()} ($${(totals.revenue_micro_usd / 1e6).toFixed(2)})`],
  ];
  const pick = (field: keyof Percentiles) =>
    report.latency.map((point) => (point === null ? null : point[field]));
  return (
    <>
      <p class="quiet">
        Scope: {report.scope}. One point per {perBucket}.
      </p>
      <Figures items={figures} />
      <div class="charts">
        <TimeChart
          title={`Requests per ${perBucket}, by route and status`}
          unit="requests"
          times={report.buckets}
          series={requestSeries}
        />
        <TimeChart
          title="Latency"
          unit="ms"
          times={report.buckets}
          series={[
            { label: 'p50', values: pick('p50_ms') },
            { label: 'p95', values: pick('p95_ms') },
            { label: 'p99', values: pick('p99_ms') },
          ]}
        />
        <TimeChart
          title="Messages written"
          unit="messages"
          times={report.buckets}
          series={[{ label: 'messages', values: report.messages }]}
        />
        <TimeChart
          title="Tokens written"
          unit="tokens"
          times={report.buckets}
          series={[{ label: 'tokens', values: report.tokens }]}
        />
        <TimeChart
          title="Learning queue"
          unit="tasks"
          times={report.buckets}
          series={[
            { label: 'queued or under way', values: report.queue_depth },
            { label: 'learned', values: report.tasks_learned },
          ]}
        />
        <TimeChart
          title="Learning lag"
          unit="seconds"
          times={report.buckets}
          series={[{ label: 'oldest waiting', values: report.queue_lag_seconds }]}
        />
        {report.revenue.length === 0 ? null : (
          <TimeChart
            title="Gateway revenue"
            unit="USD"
            times={report.buckets}
            series={busiest(
              report.revenue.map((s) => ({
                label: `${s.route} ${s.scheme}`,
                values: s.micro_usd.map((v) => v / 1e6),
              })),
            )}
          />
        )}
      </div>
      <h2>Routes</h2>
      {report.routes.length === 0 ? (
        <Empty>No requests in this window.</Empty>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col">Requests</th>
                <th scope="col">By status</th>
                <th scope="col">Average</th>
                <th scope="col">p95</th>
              </tr>
            </thead>
            <tbody>
              {report.routes.map((route) => (
                <tr key={route.route}>
                  <td>
                    <code>{route.route}</code>
                  </td>
                  <td class="number">{route.requests.toLocaleString()}</td>
                  <td>
                    {Object.entries(route.statuses)
                      .map(([status, count]) => `${status}: ${count}`)
                      .join(', ')}
                  </td>
                  <td class="number">{ms(route.average_ms)}</td>
                  <td class="number">{ms(route.p95_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Milliseconds as a reader wants them: a decimal below 10 ms, whole above (percentiles are estimates). */
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString()} ms`;

/** The busiest series, with the rest summed into one. */
function busiest(all: ChartSeries[]): ChartSeries[] {
  const total = (series: ChartSeries) => series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const sorted = [...all].sort((a, b) => total(b) - total(a));
  const rest = sorted.slice(SERIES_SHOWN);
  if (rest.length === 0) return sorted;
  const summed =
    rest[0]?.values.map((_, index) => rest.reduce((sum, series) => sum + (series.values[index] ?? 0), 0)) ??
    [];
  return [...sorted.slice(0, SERIES_SHOWN), { label: `${rest.length} others`, values: summed }];
}
