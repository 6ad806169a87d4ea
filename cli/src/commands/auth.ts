/** Signing in and out: `login`, `logout`, `whoami`. */
import { rm } from 'node:fs/promises';
import { isAdmin } from '@matchmaker/sdk/rules';
import { Command } from 'commander';
import { credentialsDir, credentialsPath, repairMode, updateConfig } from '../config';
import type { Context } from '../context';
import { ADMIN_ONLY_MESSAGE, authError, usageError } from '../exit';
import type { Factory } from '../factory';
import { stringAt, stringsAt } from '../guards';
import { examples } from '../help';
import { printRecord } from '../output';
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
