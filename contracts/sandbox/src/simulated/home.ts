/** The sandbox home page: demo logins, simulated services and the API at a glance. */
import { endpointList } from '@matchmaker/sdk/schemas';
import type { FastifyInstance } from 'fastify';
import type { World } from '../core/world';
import { DEMO_PASSWORD } from '../options';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { escapeHtml, page } from './html';

export function homePage(world: World): string {
  const accounts = DEMO_ACCOUNTS.map(
    (account) =>
      `<tr><td><code>${escapeHtml(account.email)}</code></td><td><code>${escapeHtml(DEMO_PASSWORD)}</code></td><td>${escapeHtml(account.description)}</td></tr>`,
  ).join('\n');
  const users = Object.keys(world.store.data.users).length;
  const faults = world.options;
  return page(
    'Home',
    `<h1>Matchmaker sandbox</h1>
<p>A stateful reference provider of the Matchmaker API: all ${endpointList.length} calls of the SDK catalogue,
the <code>/notifications</code> and <code>/chat</code> socket.io namespaces, and ${users} seeded accounts.
${world.options.webDir ? '' : 'The web app build was not found, so this page stands in for it.'}</p>
<div class="card"><h2>Demo accounts</h2>
<table><tr><th>Email</th><th>Password</th><th>What it shows</th></tr>
${accounts}
</table></div>
<div class="card"><h2>Simulated services</h2>
<ul>
<li><a href="/sandbox/outbox">Outbox</a> (<a href="/sandbox/outbox.json">JSON</a>): the emails the service would send, with their links.</li>
<li><a href="/sandbox/oauth/authorize?redirect_uri=/sandbox">Social sign-in consent page</a>.</li>
<li><a href="/sandbox/checkout?plan_id=plan-premium">Payment checkout</a>: paying activates a subscription.</li>
<li><a href="/sandbox/ip-lookup">IP location lookup</a> (ipapi.co format).</li>
<li><a href="/sandbox/errors?format=html">Error reports</a> received by the Sentry envelope sink (<code>POST /api/:projectId/envelope/</code>).</li>
<li><a href="/sandbox/faults">Fault settings</a>: fail rate ${faults.failRate}, latency ${faults.latencyMs ? `${faults.latencyMs.min}-${faults.latencyMs.max} ms` : 'none'}.</li>
</ul></div>
<div class="card"><h2>API</h2>
<p>Base URL: <code>${escapeHtml(world.publicUrl)}</code>. Sockets: path <code>/socket.io</code>, namespaces <code>/notifications</code> and <code>/chat</code>, token as the handshake query <code>token</code>.</p>
<p class="muted">Seed ${world.options.seed}${world.options.dataFile ? `, data written to <code>${escapeHtml(world.options.dataFile)}</code>` : ', in memory'}.</p>
</div>`,
  );
}

/** The home page at `/sandbox`; `/` shows it too when there is no web app build (http/web.ts). */
export function registerHome(app: FastifyInstance, world: World): void {
  app.get('/sandbox', (_request, reply) => reply.type('text/html; charset=utf-8').send(homePage(world)));
  app.get('/sandbox/', (_request, reply) => reply.redirect('/sandbox'));
  app.get('/sandbox/health', () => ({ ok: true, users: Object.keys(world.store.data.users).length }));
}
