/**
 * Emails the service would send. Nothing leaves the machine: each one lands in the outbox
 * (/sandbox/outbox) with its link into the web app, so every account flow can be completed locally.
 */
import { randomToken } from '../core/auth';
import type { World } from '../core/world';
import type { EmailRecord, OneTimeTokenKind, OneTimeTokenRecord, UserRecord } from '../state/types';

const TOKEN_TTL_MS = 24 * 3_600_000;
/**
 * Unused links kept per member and kind: asking twice for a reset leaves both emails working, but
 * a loop of unauthenticated forgot-password calls cannot grow the state.
 */
export const PENDING_TOKENS_PER_KIND = 3;
const OUTBOX_LIMIT = 500;

interface MailSpec {
  kind: EmailRecord['kind'];
  tokenKind: OneTimeTokenKind;
  subject: string;
  /** Path of the web app page the link opens. */
  path: string;
  intro: string;
}

const MAILS: Record<EmailRecord['kind'], MailSpec> = {
  'account-confirmation': {
    kind: 'account-confirmation',
    tokenKind: 'confirm',
    subject: 'Confirm your Matchmaker account',
    path: '/account/confirm',
    intro: 'Welcome! Confirm your email address to finish creating your account.',
  },
  'password-reset': {
    kind: 'password-reset',
    tokenKind: 'reset',
    subject: 'Reset your Matchmaker password',
    path: '/account/reset-password',
    intro: 'Someone asked to reset your password. If it was you, choose a new one.',
  },
  'email-change': {
    kind: 'email-change',
    tokenKind: 'email-change',
    subject: 'Confirm your new email address',
    path: '/preferences/change-email',
    intro: 'Confirm this address to make it the email of your Matchmaker account.',
  },
  'username-change': {
    kind: 'username-change',
    tokenKind: 'username-change',
    subject: 'Confirm your new username',
    path: '/preferences/change-username',
    intro: 'Confirm the change of your Matchmaker username.',
  },
  'account-deletion': {
    kind: 'account-deletion',
    tokenKind: 'deletion',
    subject: 'Your account deletion request',
    path: '/account/delete',
    intro: 'We received a request to delete your account. It will be removed unless you log in again.',
  },
};

export interface SentMail {
  email: EmailRecord;
  token: string;
}

/**
 * Issues a one-time token and queues the email carrying it. `to` defaults to the user's address;
 * an email change writes to the new address, which is the point of confirming it.
 */
export function sendMail(
  world: World,
  baseUrl: string,
  kind: EmailRecord['kind'],
  user: UserRecord,
  options: { to?: string; value?: string } = {},
): SentMail {
  const spec = MAILS[kind];
  const token = randomToken(18);
  const to = options.to ?? user.email;
  storeOneTimeToken(world, {
    token,
    kind: spec.tokenKind,
    user_id: user.keycloakId,
    value: options.value ?? null,
    expires_at: world.now() + TOKEN_TTL_MS,
    used: false,
  });
  const query = new URLSearchParams({ token });
  if (kind === 'password-reset') query.set('email', to);
  if (kind === 'email-change' && options.value) query.set('email', options.value);
  if (kind === 'username-change' && options.value) query.set('username', options.value);
  const link = `${world.webAppUrl(baseUrl)}${spec.path}?${query.toString()}`;
  const email: EmailRecord = {
    id: world.store.nextId('mail'),
    to,
    subject: spec.subject,
    kind,
    text: `Hello ${user.first_name || user.username},\n\n${spec.intro}\n\n${link}\n\nThe link is valid for 24 hours.\n\nThe Matchmaker team`,
    link,
    token,
    created_at: world.nowIso(),
  };
  world.store.data.outbox.unshift(email);
  // A long demo should not grow the outbox without bound.
  if (world.store.data.outbox.length > OUTBOX_LIMIT) world.store.data.outbox.length = OUTBOX_LIMIT;
  return { email, token };
}

/**
 * Adds a one-time token after dropping the used and expired ones, and the oldest pending ones of
 * the same member and kind beyond PENDING_TOKENS_PER_KIND. The scan is bounded by that cap.
 */
function storeOneTimeToken(world: World, record: OneTimeTokenRecord): void {
  const tokens = world.store.data.oneTimeTokens;
  const now = world.now();
  const pending: OneTimeTokenRecord[] = [];
  for (const key of Object.keys(tokens)) {
    const entry = tokens[key];
    if (!entry || entry.used || entry.expires_at <= now) delete tokens[key];
    else if (entry.user_id === record.user_id && entry.kind === record.kind) pending.push(entry);
  }
  pending.sort((a, b) => a.expires_at - b.expires_at);
  for (const stale of pending.slice(0, Math.max(0, pending.length - PENDING_TOKENS_PER_KIND + 1)))
    delete tokens[stale.token];
  tokens[record.token] = record;
}

/** Spends a one-time token of the given kind; undefined when unknown, used, expired or of another kind. */
export function useToken(world: World, token: string, kind: OneTimeTokenKind) {
  const record = world.store.oneTimeToken(token);
  if (!record || record.used || record.kind !== kind || record.expires_at <= world.now()) return undefined;
  record.used = true;
  return record;
}
