/**
 * The social sign-in provider, simulated: a consent page, then a redirect back to the app with the
 * session's tokens (there is no code exchange in the API, so the tokens travel in the redirect).
 * A first sign-in creates a confirmed member, which then completes its profile through
 * `accounts.oauthUpdate`. Anyone may sign in as anyone (admin included) without a password, which
 * is only acceptable because the tokens go back to the developer's own machine: `redirect_uri`
 * must be a sandbox path or a localhost, 127.0.0.1 or --web-url address.
 */

import { boundedText, TEXT_LIMITS } from '@matchmaker/sdk/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { randomToken } from '../core/auth';
import type { World } from '../core/world';
import { createAccount, logActivity } from '../domain/accounts';
import { safeRedirect } from '../http/origins';
import { formatPath } from '../http/validation';
import { escapeHtml, page } from './html';

interface ConsentQuery {
  redirect_uri?: string;
  state?: string;
  login_hint?: string;
  client_id?: string;
}

const formText = (max: number) => z.optional(boundedText(max));

/** The consent form's fields, with the limits the API puts on the same values. */
const decisionSchema = z.object({
  redirect_uri: formText(2_048),
  state: formText(TEXT_LIMITS.token),
  client_id: formText(TEXT_LIMITS.name),
  login_hint: formText(TEXT_LIMITS.email),
  decision: formText(TEXT_LIMITS.name),
  email: formText(TEXT_LIMITS.email),
  first_name: formText(TEXT_LIMITS.name),
  last_name: formText(TEXT_LIMITS.name),
});
type DecisionQuery = z.input<typeof decisionSchema>;

function withParams(target: string, params: Record<string, string>): string {
  const hashAt = target.indexOf('#');
  const base = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${new URLSearchParams(params).toString()}`;
}

function usernameFrom(world: World, email: string): string {
  const stem =
    (email.split('@')[0] ?? 'member')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 20) || 'member';
  let candidate = stem.length >= 3 ? stem : `${stem}.member`;
  let n = 1;
  while (world.store.userByUsername(candidate)) candidate = `${stem}${++n}`;
  return candidate;
}

const REDIRECT_RULE =
  'redirect_uri must be a path of the sandbox or an http(s) URL on localhost, 127.0.0.1 or the web app (--web-url)';

/** The checked redirect_uri: undefined when none was given, null (after answering 400) when refused. */
function redirectOf(
  world: World,
  request: FastifyRequest,
  reply: FastifyReply,
  raw: string | undefined,
): string | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  const safe = safeRedirect(raw, world.options, request);
  if (safe !== undefined) return safe;
  reply.code(400).send({ message: REDIRECT_RULE });
  return null;
}

export function registerOauth(app: FastifyInstance, world: World): void {
  app.get<{ Querystring: ConsentQuery }>('/sandbox/oauth/authorize', (request, reply) => {
    const q = request.query;
    const back = redirectOf(world, request, reply, q.redirect_uri);
    if (back === null) return reply;
    const hidden = (name: string, value: string | undefined) =>
      value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const email = q.login_hint ?? 'social.member@sandbox.test';
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sign in with Sandbox ID',
        `<div class="card" style="max-width:460px;margin:40px auto">
<h1>Sandbox ID</h1>
<p><strong>Matchmaker</strong> would like to use your name and email address to sign you in.</p>
<form method="post" action="/sandbox/oauth/consent">
${hidden('redirect_uri', back)}${hidden('state', q.state)}${hidden('client_id', q.client_id)}
<p><label>Email<br><input name="email" value="${escapeHtml(email)}" size="34"></label></p>
<p><label>First name<br><input name="first_name" value="Social"></label> <label>Last name<br><input name="last_name" value="Member"></label></p>
<p><button class="button" name="decision" value="allow">Allow</button> <button class="button secondary" name="decision" value="deny">Deny</button></p>
<p class="muted">Simulated identity provider: an existing account with this email signs in, a new email creates a member.</p>
</form></div>`,
      ),
    );
  });

  // Signing in changes state (a new member, a session), so it is a form POST: the origin check
  // refuses one sent from a foreign page, which a GET link would not be.
  app.get('/sandbox/oauth/consent', (_request, reply) =>
    reply.code(405).header('allow', 'POST').send({ message: 'Use the consent form (POST)' }),
  );
  app.post<{ Body: DecisionQuery | undefined }>('/sandbox/oauth/consent', (request, reply) => {
    const parsed = decisionSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({
        message: 'Validation failed',
        errors: parsed.error.issues.map((issue) => ({
          path: formatPath('body', issue.path),
          message: issue.message,
        })),
      });
    const q = parsed.data;
    const back = redirectOf(world, request, reply, q.redirect_uri);
    if (back === null) return reply;
    if (q.decision !== 'allow') {
      const params: Record<string, string> = { error: 'access_denied' };
      if (q.state) params.state = q.state;
      return back
        ? reply.redirect(withParams(back, params), 303)
        : reply.code(403).send({ message: 'Consent denied' });
    }
    const email = (q.email ?? 'social.member@sandbox.test').trim().toLowerCase();
    let user = world.store.userByEmail(email);
    const isNew = !user;
    if (!user) {
      user = createAccount(world, {
        email,
        username: usernameFrom(world, email),
        first_name: q.first_name ?? 'Social',
        last_name: q.last_name ?? 'Member',
        password: randomToken(16),
        confirmed: true,
        provider: 'social',
      });
    }
    user.last_login_at = world.nowIso();
    logActivity(world, user, 'LOGIN', 'Signed in with Sandbox ID', request.ip);
    const tokens = world.auth.issue(user);
    world.store.touch();
    const params: Record<string, string> = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      new_user: String(isNew),
      provider: 'sandbox-id',
    };
    if (q.state) params.state = q.state;
    if (back) return reply.redirect(withParams(back, params), 303);
    return reply.send({ ...tokens, new_user: isNew, user_id: user.keycloakId });
  });
}
