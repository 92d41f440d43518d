import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export type ChartSeries = { label: string; values: (number | null)[] };

// Distinct in light and dark, and told apart by dash as well as colour; the legend's swatches
// (.swatch-0 … .swatch-6 in console.css) have the same colours in the same order.
const COLOURS = ['#2f6fd6', '#d6562f', '#2a9d5b', '#a64fc9', '#c99a16', '#7a8594', '#d12f7a'];
const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3]];

/**
 * A time series chart (uPlot: draws on a canvas, no inline style rules). `times` are the
 * buckets' starts. The legend is a list under the chart (uPlot's own is a table that wraps long
 * route names badly), and the chart's label carries the totals for readers who cannot see it.
 */
export function TimeChart(props: { title: string; times: string[]; series: ChartSeries[]; unit: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (node === null) return;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const ink = dark ? '#d8dce3' : '#222831';
    const grid = dark ? '#39404a' : '#e3e6ea';
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(280, node.clientWidth),
        height: 220,
        legend: { show: false },
        axes: [axis, { ...axis, label: props.unit, size: 60 }],
        scales: { x: { time: true } },
        series: [
          {},
          ...props.series.map((series, index) => ({
            label: series.label,
            stroke: COLOURS[index % COLOURS.length] ?? ink,
            dash: DASHES[Math.floor(index / COLOURS.length) % DASHES.length] ?? [],
            width: 2,
            spanGaps: false,
            // A line needs two values side by side: sparse ones are drawn as dots as well.
            points: { show: series.values.filter((value) => value !== null).length < 4 },
          })),
        ],
      },
      [props.times.map((time) => Date.parse(time) / 1000), ...props.series.map((series) => series.values)],
      node,
    );
    const resize = () => chart.setSize({ width: Math.max(280, node.clientWidth), height: 220 });
    addEventListener('resize', resize);
    return () => {
      removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [props.times, props.series, props.unit]);
  const total = (series: ChartSeries) =>
    series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0).toLocaleString();
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`${props.title}. Over the window: ${props.series.map((series) => `${series.label}: ${total(series)}`).join('; ') || 'no data'}.`}
      />
      <ul class="legend">
        {props.series.map((series, index) => (
          <li key={series.label} class="legend-item">
            <span class={`swatch swatch-${index % COLOURS.length}`} aria-hidden="true" />
            {series.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
