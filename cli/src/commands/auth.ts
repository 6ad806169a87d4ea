/** Signing in and out: `login`, `logout`, `whoami`, and `auth status` over every profile. */
import { rm } from 'node:fs/promises';
import { isAdmin } from '@matchmaker/sdk/rules';
import { Command } from 'commander';
import { credentialsDir, credentialsPath, profileNames, repairMode, updateConfig } from '../config';
import type { Context, SignedInUser } from '../context';
import { ADMIN_ONLY_MESSAGE, authError, loginCommandFor, usageError } from '../exit';
import type { Factory } from '../factory';
import { stringAt, stringsAt } from '../guards';
import { examples } from '../help';
import { printList, printRecord } from '../output';
import { askPassword, askText, readStdin } from '../prompt';
import { readCredentials } from '../token-cache';

interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
}

async function login(context: Context, options: LoginOptions): Promise<void> {
  const email = options.email ?? (await askText(context.io, 'Email', '--email'));
  const password = options.passwordStdin
    ? await readStdin(context.io)
    : await askPassword(context.io, 'Password');
  if (password === '') throw usageError('The password is empty (--password-stdin read nothing)');
  if (context.envToken) context.warn('MATCHMAKER_TOKEN is set: it overrides the credentials stored now');
  const path = credentialsPath(context.dir, context.profile);
  const before = await readCredentials(path);
  const client = context.loginClient();
  await client.accounts.login({ email: email.trim(), password });
  const user = await client.accounts.userInfo();
  if (!isAdmin(user)) {
    await client.session.logout('user');
    throw authError(`${email} is a member account: ${ADMIN_ONLY_MESSAGE}`, 'ADMIN_ONLY');
  }
  await repairMode(credentialsDir(context.dir), context.warn);
  if (before.state === 'unreadable') context.info(`Replaced the unreadable credentials file ${path}`);
  await updateConfig(context.dir, context.warn, (config) => ({
    ...config,
    profiles: { ...config.profiles, [context.profile]: { apiBase: context.apiBase, email: email.trim() } },
  }));
  const roles = stringsAt(user, 'roles') ?? [];
  context.info(
    `Signed in as ${stringAt(user, 'email') ?? email} (${roles.join(', ') || 'no roles'}) on ${context.apiBase}, profile '${context.profile}'`,
  );
}

/**
 * Ends the session at the API that issued it, whatever base this run resolved; a damaged file,
 * or one that does not say which API issued it, is removed without telling any server.
 */
async function logout(context: Context): Promise<void> {
  const path = credentialsPath(context.dir, context.profile);
  const found = await readCredentials(path);
  const issuer =
    found.state === 'stored'
      ? (found.apiBase ?? context.config.profiles[context.profile]?.apiBase)
      : undefined;
  if (found.state === 'stored' && issuer !== undefined) {
    await context.storedClient(issuer.replace(/\/+$/, '')).session.logout('user');
    context.info(`Signed out of profile '${context.profile}' (${issuer}) and deleted ${path}`);
    return;
  }
  if (found.state === 'none') {
    await rm(path, { force: true });
    context.info(`Not signed in (profile '${context.profile}'): nothing to do`);
    return;
  }
  await rm(path, { force: true });
  context.info(
    found.state === 'unreadable'
      ? `Deleted the unreadable credentials file ${path} (${found.reason}); no server was told`
      : `Deleted ${path}: it did not say which API issued it, so no server was told`,
  );
}

async function whoami(context: Context): Promise<void> {
  const client = await context.signedIn();
  const user = await client.accounts.userInfo();
  const first = stringAt(user, 'first_name');
  const last = stringAt(user, 'last_name');
  printRecord(
    {
      email: stringAt(user, 'email') ?? null,
      username: stringAt(user, 'username') ?? null,
      name: [first, last].filter(Boolean).join(' ') || null,
      id: stringAt(user, 'keycloakId') ?? stringAt(user, 'id') ?? null,
      roles: stringsAt(user, 'roles') ?? [],
      admin: isAdmin(user),
      api_base: context.apiBase,
      profile: context.profile,
      credentials: context.envToken ? 'MATCHMAKER_TOKEN' : credentialsPath(context.dir, context.profile),
    },
    context.output,
  );
}

/** How a profile stands, as `auth status` finds it. */
type SignInState =
  | 'signed-in'
  | 'signed-out'
  | 'session-ended'
  | 'refused'
  | 'unreadable'
  | 'unbound'
  | 'unreachable'
  | 'error';

/** One line of `auth status`: a profile, or MATCHMAKER_TOKEN (profile null). */
export interface ProfileStatus {
  profile: string | null;
  /** What commands of this run use: the profile (or MATCHMAKER_TOKEN, which overrides it). */
  active: boolean;
  state: SignInState;
  user: string | null;
  username: string | null;
  roles: string[];
  admin: boolean | null;
  api_base: string | null;
  credentials: string;
  /** What is wrong and what to do, when something is. */
  note: string | null;
}

/** Asks the API who the client's credentials belong to; a failure is a state, not an error. */
async function signedInAs(row: ProfileStatus, ask: () => Promise<SignedInUser>): Promise<ProfileStatus> {
  try {
    const user = await ask();
    const admin = isAdmin(user);
    return {
      ...row,
      state: 'signed-in',
      user: stringAt(user, 'email') ?? null,
      username: stringAt(user, 'username') ?? null,
      roles: stringsAt(user, 'roles') ?? [],
      admin,
      note: admin ? row.note : `a member account: ${ADMIN_ONLY_MESSAGE}`,
    };
  } catch (error) {
    const { describeError } = await import('../errors');
    const { code, message } = describeError(error, {
      apiBase: row.api_base ?? undefined,
      envToken: row.profile === null,
      profile: row.profile ?? undefined,
    });
    const states: Record<string, SignInState> = {
      NOT_SIGNED_IN: 'session-ended',
      TOKEN_REFUSED: 'refused',
      NETWORK_ERROR: 'unreachable',
      TIMEOUT: 'unreachable',
    };
    return { ...row, state: states[code] ?? 'error', note: message };
  }
}

/** How one profile stands: its credentials file read, then the API that issued them asked. */
async function profileStatus(context: Context, name: string): Promise<ProfileStatus> {
  const path = credentialsPath(context.dir, name);
  await repairMode(path, context.warn);
  const found = await readCredentials(path);
  const configured = context.config.profiles[name]?.apiBase?.replace(/\/+$/, '');
  const base = (found.state === 'stored' ? found.apiBase : undefined) ?? configured;
  const signIn = loginCommandFor(name);
  const row: ProfileStatus = {
    profile: name,
    active: name === context.profile && !context.envToken,
    state: 'signed-out',
    user: context.config.profiles[name]?.email ?? null,
    username: null,
    roles: [],
    admin: null,
    api_base: base ?? null,
    credentials: path,
    note: null,
  };
  if (found.state === 'none') return { ...row, note: `run ${signIn}` };
  if (found.state === 'unreadable') {
    return { ...row, state: 'unreadable', note: `${found.reason}: run ${signIn} to replace it` };
  }
  if (base === undefined) {
    return {
      ...row,
      state: 'unbound',
      note: `the credentials do not say which API base issued them, so they are not sent anywhere: run ${signIn}`,
    };
  }
  if (row.active && base !== context.apiBase) {
    const from = context.apiBaseSource === 'flag' ? '--api-base' : 'MATCHMAKER_API_BASE';
    row.note = `this run's API base is ${context.apiBase} (${from}), which did not issue these credentials: commands refuse them there`;
  }
  // Asked once, as `gh auth status` does: a status is a look, and a failing or unreachable API is
  // its answer, not something to wait out five retries for (about 3 s a profile).
  return signedInAs(row, () => context.storedClient(base, name, {}).accounts.userInfo());
}

/**
 * `auth status`: every profile with its API base and who is signed in, as the API says (each
 * asked in parallel; a refresh may renew tokens, as any command does). Exit 4 when what this
 * run's commands use (the profile, or MATCHMAKER_TOKEN) is not signed in as an admin.
 */
async function status(context: Context): Promise<void> {
  await repairMode(credentialsDir(context.dir), context.warn);
  // Every profile there is, and the one in use even when it has nothing yet.
  const names = new Set([...(await profileNames(context.dir, context.config)), context.profile]);
  const rows = await Promise.all([...names].sort().map((name) => profileStatus(context, name)));
  if (context.envToken) {
    const token: ProfileStatus = {
      profile: null,
      active: true,
      state: 'signed-out',
      user: null,
      username: null,
      roles: [],
      admin: null,
      api_base: context.apiBase,
      credentials: 'MATCHMAKER_TOKEN',
      note: 'overrides the stored credentials of every profile',
    };
    rows.unshift(await signedInAs(token, () => context.client({}).accounts.userInfo()));
  }
  printList(rows, context.output, ['profile', 'active', 'state', 'user', 'roles', 'api_base', 'note']);
  const active = rows.find((row) => row.active);
  if (!active) return;
  const who = active.profile === null ? 'MATCHMAKER_TOKEN' : `Profile '${active.profile}'`;
  if (active.state !== 'signed-in') {
    throw authError(`${who} is not signed in (${active.state}): ${active.note ?? ''}`);
  }
  if (!active.admin) throw authError(`${who} is ${active.note}`, 'ADMIN_ONLY');
  if (active.api_base !== context.apiBase) {
    throw authError(
      `${who} is signed in to ${active.api_base}, not to ${context.apiBase}: ${active.note ?? ''}`,
      'OTHER_API_BASE',
    );
  }
}

export function authCommand(f: Factory): Command {
  const auth = new Command('auth').description('the profiles and who is signed in to each');
  const statusCommand = auth
    .command('status')
    .description(
      'every profile with its API base and who is signed in, as the API says; exit 4 when the profile in use is not signed in as an admin',
    )
    .action(f.action(status));
  examples(statusCommand, [
    'matchmaker auth status',
    'matchmaker auth status -o json --fields profile,state,user,api_base',
    'matchmaker --profile staging auth status || matchmaker --profile staging login',
  ]);
  return auth;
}

export function loginCommand(f: Factory): Command {
  const command = new Command('login')
    .description('sign in; the API base and email are kept in the profile, the tokens in a 0600 file')
    .option('--email <email>', 'account email (prompted for on a terminal)')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .action(f.action(login));
  return examples(command, [
    'matchmaker login',
    'printf %s "$PASSWORD" | matchmaker login --password-stdin \\',
    '    --email admin@sandbox.test',
    'matchmaker --profile staging --api-base https://api.staging.example login',
  ]);
}

export function logoutCommand(f: Factory): Command {
  const command = new Command('logout')
    .description('sign out and delete the stored credentials')
    .action(f.action(logout));
  return examples(command, ['matchmaker logout', 'matchmaker --profile staging logout']);
}

export function whoamiCommand(f: Factory): Command {
  const command = new Command('whoami')
    .description('the signed-in user, roles, API base and profile')
    .action(f.action(whoami));
  return examples(command, ['matchmaker whoami', 'matchmaker whoami -o json --fields email,roles,api_base']);
}
