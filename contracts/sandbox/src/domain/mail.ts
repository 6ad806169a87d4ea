/**
 * Emails the service would send. Nothing leaves the machine: each one lands in the outbox
 * (/sandbox/outbox) with its link into the web app, so every account flow can be completed locally.
 */
import { randomToken } from '../auth';
import type { EmailRecord, OneTimeTokenKind, UserRecord } from '../state/types';
import type { World } from '../world';

const TOKEN_TTL_MS = 24 * 3_600_000;

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
    path: '/account/change-email',
    intro: 'Confirm this address to make it the email of your Matchmaker account.',
  },
  'username-change': {
    kind: 'username-change',
    tokenKind: 'username-change',
    subject: 'Confirm your new username',
    path: '/account/change-username',
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
  world.store.data.oneTimeTokens[token] = {
    token,
    kind: spec.tokenKind,
    user_id: user.keycloakId,
    value: options.value ?? null,
    expires_at: world.now() + TOKEN_TTL_MS,
    used: false,
  };
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
  if (world.store.data.outbox.length > 500) world.store.data.outbox.length = 500;
  return { email, token };
}

/** Spends a one-time token of the given kind; undefined when unknown, used, expired or of another kind. */
export function useToken(world: World, token: string, kind: OneTimeTokenKind) {
  const record = world.store.data.oneTimeTokens[token];
  if (!record || record.used || record.kind !== kind || record.expires_at <= world.now()) return undefined;
  record.used = true;
  return record;
}
