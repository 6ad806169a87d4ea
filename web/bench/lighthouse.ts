/**
 * `pnpm --filter @matchmaker/web lighthouse`: Lighthouse (from npm) over the production build as
 * `pnpm start` serves it (the sandbox over a web build), mobile and desktop, median of 3, for the
 * pages of test/harness/audited-pages.ts. Prints per page: performance, LCP, TBT, CLS, JavaScript by
 * network idle (gzip, and as sent), accessibility, best practices, SEO, with issue 24's goals.
 *
 * The build is made for the run with the Replay session sample rate forced (`--replay-rate`,
 * default 0: a session not picked for recording, the common case), so every run measures the
 * same thing; the table says which rate it measured under.
 *
 *   pnpm --filter @matchmaker/web lighthouse
 *   pnpm --filter @matchmaker/web lighthouse --pages /matches,/account/login --forms mobile --runs 1
 *   pnpm --filter @matchmaker/web lighthouse --replay-rate 1      # every session recorded
 *   pnpm --filter @matchmaker/web lighthouse --cpu-slowdown 6     # the mobile form on a slower phone
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@matchmaker/sandbox';
import lighthouse, { type Config, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { build } from 'vite';
import { type AuditedPage, auditedPages } from '../test/harness/audited-pages';
import { ATLANTA, CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/harness/browser';
import { logInThrough } from './lighthouse-pages';
import { figuresOf, formatTable, medianFigures, type Row, type RunFigures } from './lighthouse-report';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(web, 'artifacts', 'lighthouse');
const FORMS = ['mobile', 'desktop'] as const;
/** Lighthouse's own CPU slowdown of its mobile form. */
const MOBILE_CPU_SLOWDOWN = 4;
type Form = (typeof FORMS)[number];

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string' },
    forms: { type: 'string', default: FORMS.join(',') },
    runs: { type: 'string', default: '3' },
    'replay-rate': { type: 'string', default: '0' },
    'cpu-slowdown': { type: 'string', default: String(MOBILE_CPU_SLOWDOWN) },
  },
});

function parseOptions() {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number >= 1 (got '${args.runs}')`);
  const replayRate = Number(args['replay-rate']);
  if (!(replayRate >= 0 && replayRate <= 1))
    throw new Error(`--replay-rate must be a number from 0 to 1 (got '${args['replay-rate']}')`);
  const forms = (args.forms ?? '').split(',').map((form) => form.trim());
  for (const form of forms)
    if (!FORMS.includes(form as Form)) throw new Error(`--forms: unknown form '${form}' (mobile, desktop)`);
  const pages = args.pages?.split(',').map((name) => name.trim());
  const cpuSlowdown = Number(args['cpu-slowdown']);
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20))
    throw new Error(`--cpu-slowdown must be a number from 1 to 20 (got '${args['cpu-slowdown']}')`);
  return { runs, replayRate, forms: forms as Form[], pages, cpuSlowdown };
}

/** The production build with the replay sample rate forced, in its own folder. */
async function buildForRate(replayRate: number): Promise<string> {
  const outDir = join(OUT, `dist-replay-${replayRate}`);
  const saved = { ...process.env };
  process.env.VITE_SENTRY_REPLAY_SESSION_RATE = String(replayRate);
  try {
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env = saved;
  }
  return outDir;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One audit's setting: the form, and how the mobile form slows the CPU (desktop's config does not). */
interface Setting {
  readonly form: Form;
  readonly cpuSlowdown: number;
}

async function auditOnce(
  context: BrowserContext,
  audited: AuditedPage,
  { form, cpuSlowdown }: Setting,
  origin: string,
) {
  const page = await context.newPage();
  try {
    if (audited.account) await page.setGeolocation(ATLANTA);
    const config: Config | undefined = form === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      `${origin}${audited.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(form === 'mobile' ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      },
      config,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${audited.name}`);
    const lhr: Result = result.lhr;
    if (lhr.runtimeError)
      throw new Error(`${audited.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await page.close().catch(() => {});
  }
}

/** Lighthouse's own failures to record a trace, which say nothing of the page: run again. */
const UNRECORDED = /\b(NO_NAVSTART|NO_FCP_TRACE|NO_TRACING_STARTED|NO_LCP|NO_DCL)\b/;
const RECORD_ATTEMPTS = 3;

/** One audit, run again (up to 3 times, each said) when Lighthouse could not record the trace. */
async function auditRecorded(
  context: BrowserContext,
  audited: AuditedPage,
  setting: Setting,
  origin: string,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(context, audited, setting, origin);
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS || !(error instanceof Error) || !UNRECORDED.test(error.message))
        throw error;
      console.log(`  ${audited.name} ${setting.form}: ${error.message.split(' Something')[0]}, run again`);
    }
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const loadBefore = loadavg();
  mkdirSync(OUT, { recursive: true });
  console.log(`Building web with VITE_SENTRY_REPLAY_SESSION_RATE=${options.replayRate} ...`);
  const distDir = await buildForRate(options.replayRate);
  // What `pnpm start` runs: the sandbox serving the build (no test-only response checks).
  const sandbox = await startSandbox({ port: 0, webDir: distDir });
  let browser: Browser | null = null;
  const rows: Row[] = [];
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const all = auditedPages(sandbox);
    const chosen = options.pages ? all.filter((page) => options.pages?.includes(page.name)) : all;
    if (options.pages && chosen.length !== options.pages.length) {
      throw new Error(`--pages: known pages are ${all.map((page) => page.name).join(', ')}`);
    }
    for (const audited of chosen) {
      // One browser context a page: its own cookies (the account's session), a cold cache each run.
      const context = await browser.createBrowserContext();
      try {
        if (audited.account) {
          await context.overridePermissions(sandbox.url, ['geolocation']);
          const loginPage = await context.newPage();
          await loginPage.setGeolocation(ATLANTA);
          await logInThrough(loginPage, sandbox.url, audited.account);
          await loginPage.close();
        }
        for (const form of options.forms) {
          const runs: RunFigures[] = [];
          const results: Result[] = [];
          for (let run = 0; run < options.runs; run++) {
            const lhr = await auditRecorded(
              context,
              audited,
              { form, cpuSlowdown: options.cpuSlowdown },
              sandbox.url,
            );
            results.push(lhr);
            runs.push(figuresOf(lhr, distDir, sandbox.url));
          }
          const figures = medianFigures(runs);
          rows.push({ page: audited.name, form, public: audited.public, figures });
          console.log(
            `  ${audited.name} ${form}: perf ${runs.map((r) => r.performance).join('/')} · LCP ${runs
              .map((r) => Math.round(r.lcpMs))
              .join('/')} ms · TBT ${runs.map((r) => Math.round(r.tbtMs)).join('/')} ms · host CPU ${runs
              .map((r) => Math.round(r.benchmarkIndex))
              .join('/')}`,
          );
          // The run closest to the median performance, kept whole for a look at its diagnostics.
          const kept = results[runs.findIndex((r) => r.performance === figures.performance)] ?? results[0];
          const file = `${audited.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${form}.json`;
          writeFileSync(join(OUT, file), JSON.stringify(kept));
        }
      } finally {
        await context.close().catch(() => {});
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    await sandbox.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(
    `\nLighthouse 12.8 (${options.runs === 1 ? '1 run' : `median of ${options.runs}`}), replay session sample rate forced to ${options.replayRate} (${
      options.replayRate === 0 ? 'no session picked for recording' : 'sessions picked for recording'
    }), mobile CPU slowdown ${options.cpuSlowdown}x${
      options.cpuSlowdown === MOBILE_CPU_SLOWDOWN
        ? " (Lighthouse's)"
        : ` (Lighthouse's is ${MOBILE_CPU_SLOWDOWN}x)`
    }, Chromium ${CHROMIUM_PATH}`,
  );
  console.log(formatTable(rows));
  console.log(
    `Goals: mobile perf >= 90, LCP <= 2.5 s, TBT <= 200 ms; CLS <= 0.1; a11y and BP 100; SEO 100 on public pages; /account/login JS <= 100 KB gzip ('!' = missed).`,
  );
  console.log(
    "host CPU: Lighthouse's benchmarkIndex of this machine during each page's runs (median; higher is faster). The mobile form's simulated CPU slowdown multiplies what the host took, so its TBT and score are comparable only between runs on hosts of a like index; to stand in for a slower host, raise --cpu-slowdown by the ratio of the two indexes (4 x 2700 / 1800 = 6).",
  );
  console.log(
    `Ran in ${Math.round(seconds)} s; load average before ${load(loadBefore)}, after ${load(loadavg())}.`,
  );
  console.log(`Each page's median run: ${OUT}/<page>-<form>.json (open in the Lighthouse viewer).`);
  writeFileSync(
    join(OUT, 'summary.json'),
    JSON.stringify(
      {
        replayRate: options.replayRate,
        runs: options.runs,
        cpuSlowdown: options.cpuSlowdown,
        loadBefore,
        loadAfter: loadavg(),
        rows,
      },
      null,
      2,
    ),
  );
  rmSync(distDir, { recursive: true, force: true });
}

await main();
