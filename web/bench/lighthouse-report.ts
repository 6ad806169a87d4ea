/**
 * The figures the Lighthouse benchmark prints, read off one Lighthouse result, their median over
 * the runs, and the table with the goals of issue 24 marked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript bytes as the server sent them, fetched while Lighthouse loaded the page. */
  jsTransfer: number;
  /** The same scripts gzipped at level 9 (what a precompressing server sends), the goals' unit. */
  jsGzip: number;
  /**
   * Lighthouse's measure of the host's CPU speed (`environment.benchmarkIndex`, higher is faster).
   * Simulated throttling slows what the host took by a fixed 4x, so a slower host reports more TBT
   * and a lower mobile score for the same page.
   */
  benchmarkIndex: number;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/**
 * Lighthouse loads a page until the network and the main thread are quiet, so the scripts in its
 * network log are the ones fetched by network idle. Gzip sizes come from the build's own files.
 */
export function figuresOf(lhr: Result, distDir: string, origin: string): RunFigures {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === 'Script');
  let jsTransfer = 0;
  let jsGzip = 0;
  for (const item of scripts) {
    jsTransfer += item.transferSize ?? 0;
    jsGzip += gzipOfBuilt(item.url, distDir, origin) ?? item.transferSize ?? 0;
  }
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    jsTransfer,
    jsGzip,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

const gzipCache = new Map<string, number>();

function gzipOfBuilt(url: string, distDir: string, origin: string): number | null {
  if (!url.startsWith(origin)) return null;
  const path = new URL(url).pathname;
  const known = gzipCache.get(path);
  if (known !== undefined) return known;
  try {
    const bytes = gzipSync(readFileSync(join(distDir, path)), { level: 9 }).length;
    gzipCache.set(path, bytes);
    return bytes;
  } catch {
    return null;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each figure's median over the runs (figure by figure, as the table was made). */
export function medianFigures(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0] ?? {}) as (keyof RunFigures)[];
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as unknown as RunFigures;
}

export interface Row {
  page: string;
  form: 'mobile' | 'desktop';
  public: boolean;
  figures: RunFigures;
}

/** Issue 24's goals; a figure that misses its goal is marked with `!`. */
export function goalMisses(row: Row): Set<keyof RunFigures> {
  const misses = new Set<keyof RunFigures>();
  const f = row.figures;
  if (row.form === 'mobile') {
    if (f.performance < 90) misses.add('performance');
    if (f.lcpMs > 2_500) misses.add('lcpMs');
    if (f.tbtMs > 200) misses.add('tbtMs');
  }
  if (f.cls > 0.1) misses.add('cls');
  if (f.accessibility < 100) misses.add('accessibility');
  if (f.bestPractices < 100) misses.add('bestPractices');
  if (row.public && f.seo < 100) misses.add('seo');
  if (row.page === '/account/login' && f.jsGzip > 100 * 1024) misses.add('jsGzip');
  return misses;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatTable(rows: Row[]): string {
  const header = [
    'page',
    'form',
    'perf',
    'LCP',
    'TBT',
    'CLS',
    'JS gzip',
    'JS sent',
    'a11y',
    'BP',
    'SEO',
    'host CPU',
  ];
  const lines = rows.map((row) => {
    const f = row.figures;
    const miss = goalMisses(row);
    const mark = (key: keyof RunFigures, text: string) => (miss.has(key) ? `${text} !` : text);
    return [
      row.page,
      row.form,
      mark('performance', String(f.performance)),
      mark('lcpMs', `${(f.lcpMs / 1000).toFixed(1)} s`),
      mark('tbtMs', `${Math.round(f.tbtMs)} ms`),
      mark('cls', f.cls.toFixed(3)),
      mark('jsGzip', kb(f.jsGzip)),
      kb(f.jsTransfer),
      mark('accessibility', String(f.accessibility)),
      mark('bestPractices', String(f.bestPractices)),
      mark('seo', `${f.seo}${row.public ? '' : ' (n/a)'}`),
      String(Math.round(f.benchmarkIndex)),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const render = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n');
}
