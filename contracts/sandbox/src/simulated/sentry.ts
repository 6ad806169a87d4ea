/**
 * An error-reporting sink speaking Sentry's envelope protocol, so the web app's error reporting
 * can point its DSN at the sandbox (`http://key@127.0.0.1:8080/1`) and what it reports is visible
 * at `GET /sandbox/errors`.
 */
import type { FastifyInstance } from 'fastify';
import type { World } from '../core/world';
import type { ErrorEventRecord } from '../state/types';
import { escapeHtml, page } from './html';

const MAX_KEPT = 200;
const RAW_LIMIT = 4_000;

function tryJson(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the envelope's header and items; item payloads that are not JSON (replays) are skipped. */
export function parseEnvelope(
  projectId: string,
  text: string,
  receivedAt: string,
  id: string,
): ErrorEventRecord {
  const lines = text.split('\n');
  const header = tryJson(lines[0] ?? '') ?? {};
  let type = 'unknown';
  let message: string | null = null;
  let level: string | null = null;
  let platform: string | null = null;
  let items = 0;
  for (let i = 1; i < lines.length; i++) {
    const itemHeader = tryJson(lines[i] ?? '');
    if (!itemHeader || typeof itemHeader.type !== 'string') continue;
    items += 1;
    if (type === 'unknown' || type === 'client_report') type = itemHeader.type;
    const payload = tryJson(lines[i + 1] ?? '');
    if (payload) {
      i += 1;
      if (itemHeader.type === 'event' || itemHeader.type === 'transaction') {
        const exception = (payload.exception as { values?: { type?: string; value?: string }[] } | undefined)
          ?.values?.[0];
        const logentry = payload.logentry as { message?: string } | undefined;
        message ??=
          (exception ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}` : undefined) ??
          (typeof payload.message === 'string' ? payload.message : undefined) ??
          logentry?.message ??
          (typeof payload.transaction === 'string' ? payload.transaction : null);
        level ??= typeof payload.level === 'string' ? payload.level : null;
        platform ??= typeof payload.platform === 'string' ? payload.platform : null;
      }
    }
  }
  return {
    id,
    project_id: projectId,
    received_at: receivedAt,
    event_id: typeof header.event_id === 'string' ? header.event_id : null,
    type,
    message,
    level,
    platform,
    items,
    raw: text.slice(0, RAW_LIMIT),
  };
}

type CspReportBody = Record<string, unknown>;

/** The report's fields, from `report-uri` (`{"csp-report": {...}}`) or the Reporting API's list. */
function cspReportBodies(json: unknown): CspReportBody[] {
  if (Array.isArray(json)) {
    return json
      .filter((item): item is { type: unknown; body: CspReportBody } => typeof item?.body === 'object')
      .filter((item) => item.type === 'csp-violation')
      .map((item) => item.body);
  }
  const report = (json as { 'csp-report'?: unknown } | null)?.['csp-report'];
  return typeof report === 'object' && report !== null ? [report as CspReportBody] : [];
}

const field = (body: CspReportBody, ...names: string[]): string | undefined => {
  for (const name of names) if (typeof body[name] === 'string' && body[name] !== '') return body[name];
  return undefined;
};

/**
 * A Content-Security-Policy violation report, as Sentry's security endpoint takes it (the web
 * build's `report-uri` is made from the DSN): one record a violation, named by what was blocked
 * and the directive that blocked it.
 */
export function parseCspReport(
  projectId: string,
  text: string,
  receivedAt: string,
  nextId: () => string,
): ErrorEventRecord[] {
  return cspReportBodies(tryJsonValue(text)).map((body) => {
    const blocked = field(body, 'blocked-uri', 'blockedURL') ?? 'unknown';
    const directive =
      field(body, 'effective-directive', 'violated-directive', 'effectiveDirective') ?? 'unknown';
    const page = field(body, 'document-uri', 'documentURL') ?? '';
    return {
      id: nextId(),
      project_id: projectId,
      received_at: receivedAt,
      event_id: null,
      type: 'csp-violation',
      message: `Blocked '${blocked}' by ${directive}${page ? ` on ${page}` : ''}`,
      level: 'error',
      platform: null,
      items: 1,
      raw: JSON.stringify(body).slice(0, RAW_LIMIT),
    };
  });
}

function tryJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function registerSentry(app: FastifyInstance, world: World): void {
  /** Newest first, the last MAX_KEPT. */
  const keep = (records: ErrorEventRecord[]) => {
    world.store.data.errors.unshift(...records.reverse());
    if (world.store.data.errors.length > MAX_KEPT) world.store.data.errors.length = MAX_KEPT;
    world.store.touch();
  };
  // Envelopes come as text/plain or application/x-sentry-envelope; keep the body as text here only.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const receive = async (request: { params: { projectId: string }; body: unknown }) => {
      const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : String(request.body ?? '');
      const record = parseEnvelope(request.params.projectId, text, world.nowIso(), world.store.nextId('err'));
      keep([record]);
      return { id: record.event_id ?? record.id };
    };
    scope.post<{ Params: { projectId: string } }>('/api/:projectId/envelope/', receive);
    scope.post<{ Params: { projectId: string } }>('/api/:projectId/store/', receive);
    scope.post<{ Params: { projectId: string } }>('/api/:projectId/security/', async (request, reply) => {
      const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : String(request.body ?? '');
      const records = parseCspReport(request.params.projectId, text, world.nowIso(), () =>
        world.store.nextId('err'),
      );
      if (records.length === 0) return reply.code(400).send({ message: 'Not a CSP violation report' });
      keep(records);
      return reply.code(204).send();
    });
  });

  app.get<{ Querystring: { format?: string } }>('/sandbox/errors', (request, reply) => {
    const errors = world.store.data.errors;
    const wantsHtml =
      request.query.format === 'html' ||
      (request.query.format === undefined && /text\/html/.test(String(request.headers.accept ?? '')));
    if (!wantsHtml) return reply.send({ errors });
    const rows = errors
      .map(
        (error) =>
          `<tr><td>${escapeHtml(error.received_at)}</td><td>${escapeHtml(error.type)}</td><td>${escapeHtml(error.level ?? '')}</td><td>${escapeHtml(error.message ?? '')}</td><td><details><summary>envelope</summary><pre>${escapeHtml(error.raw)}</pre></details></td></tr>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Errors',
        `<h1>Error reports</h1><p>Sentry envelopes received at <code>POST /api/:projectId/envelope/</code>, and CSP violation reports at <code>POST /api/:projectId/security/</code>. Use the DSN <code>http://sandbox@${escapeHtml(request.host)}/1</code>. <a href="/sandbox/errors?format=json">JSON</a></p>
<table><tr><th>Received</th><th>Type</th><th>Level</th><th>Message</th><th></th></tr>${rows || '<tr><td colspan="5" class="muted">Nothing reported yet.</td></tr>'}</table>`,
      ),
    );
  });

  app.delete('/sandbox/errors', () => {
    world.store.data.errors = [];
    world.store.touch();
    return { message: 'Errors cleared' };
  });
}
