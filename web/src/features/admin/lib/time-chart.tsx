/**
 * A time-series chart drawn with uPlot (about 20 KB gzip, canvas, no dependencies). The library is
 * imported here only, inside the back office, and loaded when a chart first shows. A canvas says
 * nothing to a screen reader, so the figure carries a summary and the numbers as a table.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { loadOnce } from '../../../lib/load-once';
import { reportError } from '../../../lib/report';
import { ScrollRegion } from './scroll-region';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS colour; the tokens' palette by default. */
  color?: string;
}

export interface TimeChartProps {
  title: string;
  /** Bucket dates as the API gives them: `2026-01-05`, `2026-01` or `2026`. */
  dates: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
}

const PALETTE = ['#2f4a7a', '#b7862f', '#236b3c', '#a62a2a', '#1d5d8f', '#6b4c9a'];

/** uPlot and its styles, once; a chart drawn after a failed fetch fetches them again. */
const loadUPlot: () => Promise<typeof uPlot> = loadOnce(() =>
  // uPlot's types describe a CommonJS export; the ESM build Vite loads has it as `default`.
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) =>
    'default' in module ? module.default : module,
  ),
);

/** Seconds since the epoch of a bucket's first day (UTC), uPlot's time axis unit. */
export function bucketSeconds(date: string): number {
  const [year = '1970', month = '01', day = '01'] = date.split('-');
  return Date.UTC(Number(year), Number(month) - 1, Number(day)) / 1000;
}

export function TimeChart({ title, dates, series, height = 240 }: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const captionId = useId();
  const total = series.map((entry) => entry.values.reduce((sum, value) => sum + value, 0));

  // Callers build new arrays on every render; the chart is redrawn only when the numbers change.
  const dataKey = JSON.stringify([dates, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataKey` stands for `dates` and `series`
  useEffect(() => {
    const element = host.current;
    if (!element || dates.length === 0) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUPlot().then(
      (UPlot) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 200);
        plot = new UPlot(
          {
            width,
            height,
            scales: { x: { time: true } },
            series: [
              {},
              ...series.map((entry, index) => ({
                label: entry.label,
                stroke: entry.color ?? PALETTE[index % PALETTE.length],
                width: 2,
                points: { show: dates.length < 40 },
              })),
            ],
            axes: [{ stroke: '#4f5866' }, { stroke: '#4f5866' }],
            legend: { show: true },
          },
          [dates.map(bucketSeconds), ...series.map((entry) => [...entry.values])],
          element,
        );
        element.dataset.chartReady = 'true';
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(element.clientWidth, 200), height }),
        );
        observer.observe(element);
      },
      (error: unknown) => {
        reportError(error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
      delete element.dataset.chartReady;
    };
  }, [dataKey, height]);

  return (
    <figure className="admin-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="admin-chart__title">
        {title}
        <span className="admin-chart__summary">
          {' '}
          ({series.map((entry, index) => `${entry.label}: ${total[index]}`).join(', ')})
        </span>
      </figcaption>
      {dates.length === 0 ? (
        <p>No data in this range.</p>
      ) : failed ? (
        <p role="alert">The chart could not be drawn; the numbers are below.</p>
      ) : (
        <div ref={host} className="admin-chart__canvas" aria-hidden="true" style={{ minHeight: height }} />
      )}
      {dates.length > 0 ? (
        <details className="admin-chart__data">
          <summary>Show the numbers</summary>
          <ScrollRegion label={`${title}: numbers`}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  {series.map((entry) => (
                    <th scope="col" key={entry.label}>
                      {entry.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dates.map((date, row) => (
                  <tr key={date}>
                    <th scope="row">{date}</th>
                    {series.map((entry) => (
                      <td key={entry.label}>{entry.values[row] ?? 0}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      ) : null}
    </figure>
  );
}

export interface BarListProps {
  title: string;
  items: readonly { label: string; count: number }[];
}

/** Counts per category (country, device, filter) as horizontal bars: readable as text too. */
export function BarList({ title, items }: BarListProps) {
  const max = Math.max(1, ...items.map((item) => item.count));
  const headingId = useId();
  return (
    <section className="admin-bars" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-chart__title">
        {title}
      </h3>
      {items.length === 0 ? (
        <p>Nothing in this range.</p>
      ) : (
        <ul className="admin-bars__list">
          {items.map((item) => (
            <li key={item.label} className="admin-bars__item">
              <span className="admin-bars__label">{item.label}</span>
              <span className="admin-bars__track" aria-hidden="true">
                <span className="admin-bars__bar" style={{ width: `${(item.count / max) * 100}%` }} />
              </span>
              <span className="admin-bars__count">{item.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
