/** The outbox: every email the service would have sent, newest first, as HTML and JSON. */
import type { FastifyInstance } from 'fastify';
import type { World } from '../core/world';
import { escapeHtml, page } from './html';

export function registerOutbox(app: FastifyInstance, world: World): void {
  app.get<{ Querystring: { to?: string } }>('/sandbox/outbox.json', (request) => {
    const to = request.query.to?.toLowerCase();
    const emails = world.store.data.outbox.filter((email) => !to || email.to.toLowerCase() === to);
    return { emails };
  });

  app.delete('/sandbox/outbox', () => {
    world.store.data.outbox = [];
    world.store.touch();
    return { message: 'Outbox emptied' };
  });

  app.get('/sandbox/outbox', (_request, reply) => {
    const emails = world.store.data.outbox;
    const rows = emails
      .map(
        (email) => `<div class="card">
<p><strong>${escapeHtml(email.subject)}</strong> <span class="muted">to ${escapeHtml(email.to)} · ${escapeHtml(email.created_at)} · ${escapeHtml(email.kind)}</span></p>
<pre>${escapeHtml(email.text)}</pre>
<p><a class="button" href="${escapeHtml(email.link)}">Open the link</a> <span class="muted">token <code>${escapeHtml(email.token)}</code></span></p>
</div>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Outbox',
          `<h1>Outbox</h1><p>Emails the service would send (account confirmation, password reset, email and username change, account deletion). Nothing leaves this machine. <a href="/sandbox/outbox.json">JSON</a></p>${rows || '<p class="muted">No emails yet. Register, ask for a password reset or change your email to see one here.</p>'}`,
        ),
      );
  });
}
