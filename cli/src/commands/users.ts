/** `users`: search, read and change user accounts (SPEC.md section 6). */
import { type EndpointId, isHttpError, type MatchmakerClient } from '@matchmaker/sdk';
import { ADMIN_USERS_PAGE_SIZE, isOwnAccount } from '@matchmaker/sdk/rules';
import { accountStatusSchema, type UserSearchFilters, userSearchBodySchema } from '@matchmaker/sdk/schemas';
import { Command, Option } from 'commander';
import { type Context, requireAdmin } from '../context';
import { PASSWORD_ASKED } from '../dry-run';
import { CliError, EXIT, usageError } from '../exit';
import type { Factory } from '../factory';
import { checkFieldsOf } from '../fields-guard';
import { isRecord, type JsonRecord, stringAt, stringsAt } from '../guards';
import { examples } from '../help';
import { checkEmail, kebab, readJsonInput } from '../input';
import { addPaging, DryRunOption, idList, oneOfOption, type PagingOptions } from '../options';
import { listPrinter, printRecord } from '../output';
import { printPages } from '../paging';
import { CREATE_FLAGS, createBody, createDraft, EDIT_FIELDS, editBody, fieldHelp } from '../profile-input';
import { askPassword, confirmChange, isInteractive, readStdin } from '../prompt';
import { checkRole, KNOWN_ROLES, roleMeaning } from '../roles';

export const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'status',
  'roles',
  'created_at',
];
const ADMIN_USERS_PAGE = 15;

/** The user the examples in `--help` name (one of the sandbox's generated members). */
const EXAMPLE_USER = 'mateo.rodriguez';

interface SearchOptions extends PagingOptions {
  status?: string;
  role?: string;
  ids?: string[];
}

/** SPEC.md section 6 knows two kinds of user; 'General' is the role that makes a member. */
const ROLE_FILTERS = ['admin', 'member'] as const;

/**
 * The most of `ids` one search body can carry: the contract bounds a body's items and size, so
 * the number depends on the ids' length and the other filters. Measured with the SDK's own check.
 */
function idsThatFit(filters: UserSearchFilters, ids: readonly string[]): number {
  const fits = (count: number) =>
    userSearchBodySchema.safeParse({
      page: 1,
      size: ADMIN_USERS_PAGE_SIZE,
      filters: { ...filters, bulk_ids: ids.slice(0, count) },
    }).success;
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

async function search(context: Context, query: string | undefined, options: SearchOptions) {
  const filters: UserSearchFilters = {};
  if (query !== undefined) {
    if (query.trim() === '') throw usageError('The search text is empty: give some text, or leave it out');
    filters.search = query.trim();
  }
  if (options.status) filters.status = options.status;
  if (options.role) filters.role = options.role;
  if (options.ids) {
    const fit = idsThatFit(filters, options.ids);
    if (fit < options.ids.length) {
      throw usageError(
        `--ids has ${options.ids.length} different ids; one search takes at most ${fit} of them: ` +
          'split the list over several searches',
      );
    }
    filters.bulk_ids = options.ids;
  }
  const client = await context.signedIn();
  await printPages(
    {
      fetchPage: (page) => client.admin.searchUsers({ page, filters }),
      key: 'users',
      pageSize: ADMIN_USERS_PAGE,
    },
    options,
    listPrinter(context.output, USER_COLUMNS),
  );
}

async function get(context: Context, id: string) {
  const client = await context.signedIn();
  printRecord(await client.admin.getUser(id), context.output);
}

/** The answer's `user` when it carries one (the changed record), else the whole answer. */
function changed(answer: unknown): unknown {
  return isRecord(answer) && isRecord(answer.user) ? answer.user : answer;
}

type SimpleChange = 'deactivate' | 'reactivate' | 'suspend' | 'delete' | 'confirm';

/**
 * `destructive`: asks first, naming the user, and refuses the admin's own account, which it would
 * lock out (as bulk runs refuse the admin's own id).
 */
const SIMPLE: Record<SimpleChange, { summary: string; destructive: boolean; endpoint: EndpointId }> = {
  deactivate: {
    summary: 'deactivate a user (they can reactivate)',
    destructive: true,
    endpoint: 'admin.deactivateUser',
  },
  reactivate: {
    summary: 'reactivate a deactivated or archived user',
    destructive: false,
    endpoint: 'admin.reactivateUser',
  },
  suspend: {
    summary: 'suspend a user (their sessions end on their next call)',
    destructive: true,
    endpoint: 'admin.suspendUser',
  },
  delete: { summary: 'delete a user', destructive: true, endpoint: 'admin.deleteUser' },
  confirm: { summary: "confirm a user's account", destructive: false, endpoint: 'admin.confirmUser' },
};

/** A user as a question names them: `anna.k (anna@example.test, id 9fd9...)`. */
function named(user: JsonRecord, id: string): string {
  const username = stringAt(user, 'username') ?? '(no username)';
  return `${username} (${stringAt(user, 'email') ?? 'no email'}, id ${stringAt(user, 'id') ?? id})`;
}

/** The user a change is about, read before anything is asked or sent. */
async function readTarget(client: MatchmakerClient, id: string): Promise<JsonRecord> {
  try {
    const user = await client.admin.getUser(id);
    return isRecord(user) ? user : {};
  } catch (error) {
    if (isHttpError(error) && error.status === 404) {
      throw new CliError(
        `No such user '${id}': nothing was changed (\`matchmaker users search\` finds ids)`,
        EXIT.error,
        'NOT_FOUND',
      );
    }
    throw error;
  }
}

/**
 * Signs in and reads the user to change. With `doing`, the signed-in admin's own account is
 * refused (exit 2, nothing sent): the API also finds users by username or email, so the account
 * read is compared, not only the id typed.
 */
async function userToChange(
  context: Context,
  id: string,
  doing?: string,
): Promise<{ client: MatchmakerClient; user: JsonRecord }> {
  if (doing === undefined) {
    const client = await context.signedIn();
    return { client, user: await readTarget(client, id) };
  }
  const { client, userId } = await requireAdmin(context);
  const user = await readTarget(client, id);
  const target = { id: stringAt(user, 'id'), keycloakId: stringAt(user, 'keycloakId') };
  if (userId !== undefined && (id === userId || isOwnAccount({ id: userId }, target))) {
    throw new CliError(
      `Refusing to ${doing} your own account, ${named(user, id)}: ask another admin to do it`,
      EXIT.usage,
      'OWN_ACCOUNT',
    );
  }
  return { client, user };
}

function simpleAction(f: Factory, change: SimpleChange) {
  return f.action(async (context: Context, id: string) => {
    let client: MatchmakerClient;
    if (SIMPLE[change].destructive) {
      const found = await userToChange(context, id, change);
      client = found.client;
      await confirmChange(context, SIMPLE[change].endpoint, `${change} user ${named(found.user, id)}`);
    } else {
      client = await context.signedIn();
    }
    const calls = {
      deactivate: () => client.admin.deactivateUser(id),
      reactivate: () => client.admin.reactivateUser(id),
      suspend: () => client.admin.suspendUser(id),
      delete: () => client.admin.deleteUser(id),
      confirm: () => client.admin.confirmUser(id),
    };
    printRecord(changed(await calls[change]()), context.output);
  });
}

async function setEmail(context: Context, id: string, email: string) {
  const address = checkEmail(email);
  const { client, user } = await userToChange(context, id);
  await confirmChange(
    context,
    'admin.changeUserEmail',
    `change the email of user ${named(user, id)} to ${address}`,
  );
  printRecord(changed(await client.admin.changeUserEmail(id, { email: address })), context.output);
}

async function setRole(context: Context, id: string, typed: string) {
  const role = checkRole(typed);
  const { client, user } = await userToChange(context, id, 'change the role of');
  const now = stringsAt(user, 'roles') ?? [];
  // Exactly that role already: nothing to ask or send (the user as read is the answer).
  if (now.length === 1 && now[0] === role) {
    context.info(`User ${named(user, id)} is already ${role}: nothing was changed`);
    printRecord(user, context.output);
    return;
  }
  await confirmChange(
    context,
    'admin.changeUserRole',
    `change the role of user ${named(user, id)} from ${now.join(', ') || 'no role'} to ${role} (${roleMeaning(role)})`,
  );
  printRecord(changed(await client.admin.changeUserRole(id, { role })), context.output);
}

interface FromJson {
  fromJson?: string;
}

/** The --from-json object (or {}), with the name its problems are reported under. */
async function jsonInput(context: Context, options: FromJson, what: string) {
  if (typeof options.fromJson !== 'string') return { json: {}, file: '--from-json' };
  const json = await readJsonInput(context.io, options.fromJson);
  if (!isRecord(json)) throw usageError(`--from-json must hold a JSON object of ${what}`);
  return { json, file: options.fromJson === '-' ? 'stdin' : options.fromJson };
}

async function edit(context: Context, id: string, options: JsonRecord & FromJson) {
  const body = editBody({ ...(await jsonInput(context, options, 'profile fields')), flags: options });
  const client = await context.signedIn();
  printRecord(changed(await client.admin.updateUser(id, body)), context.output);
}

/** Pages of a user search read at most when looking for a referrer's exact username. */
const REFERRER_PAGES = 10;

/**
 * Whether a user has exactly this username: the API takes any referrer and silently records none
 * for a name it does not know, and an account cannot be given a referrer later.
 */
async function usernameExists(client: MatchmakerClient, username: string): Promise<boolean | undefined> {
  const wanted = username.trim().toLowerCase();
  for (let page = 1; page <= REFERRER_PAGES; page++) {
    const found = await client.admin.searchUsers({ page, filters: { search: username.trim() } });
    if (found.users.some((user) => user.username.toLowerCase() === wanted)) return true;
    if (page >= found.total_pages) return false;
  }
  return undefined;
}

async function create(context: Context, options: JsonRecord & FromJson & { passwordStdin?: boolean }) {
  if (options.fromJson === '-' && options.passwordStdin) {
    throw usageError(
      '--from-json - and --password-stdin both read stdin: give the JSON as a file (--from-json FILE) and pipe the password',
    );
  }
  if (options.fromJson === '-' && context.io.stdin.isTTY === true) {
    // Ctrl-D ends the terminal's input for good: the password prompt after it would get nothing.
    throw usageError(
      '--from-json - would read the JSON from this terminal, and the password prompt could not follow it: save the JSON to a file and give --from-json FILE',
    );
  }
  const inputs = await jsonInput(context, options, 'account fields');
  const draft = createDraft(
    { ...inputs, flags: options },
    options.passwordStdin === true || isInteractive(context.io),
  );
  const client = await context.signedIn();
  const referrer = typeof draft.referrer === 'string' ? draft.referrer : undefined;
  if (referrer !== undefined && (await usernameExists(client, referrer)) === false) {
    throw usageError(
      `--referrer '${referrer}': no user has this username, and the API would create the account without a referrer (nothing was sent). Find the username with \`matchmaker users search ${referrer}\`, or leave --referrer out`,
    );
  }
  // A --fields typo is refused before the password is asked for, not after it was typed.
  checkFieldsOf('admin.createUser', context.output.fields);
  const password = options.passwordStdin
    ? await readStdin(context.io)
    : typeof draft.password === 'string'
      ? draft.password
      : context.dryRun
        ? PASSWORD_ASKED
        : await askPassword(context.io, 'Password for the new account');
  const answer = await client.admin.createUser(createBody(draft, password));
  if (referrer !== undefined && !answer.user.referrer) {
    context.warn(
      `the account was created, but the API's answer names no referrer: '${referrer}' was not recorded as one`,
    );
  }
  printRecord(changed(answer), context.output);
}

export function usersCommand(f: Factory): Command {
  const users = new Command('users').description('search, read and change user accounts');
  const searchCommand = addPaging(
    users
      .command('search [query]')
      .description('search users by name, username or email; 15 per page')
      .addOption(oneOfOption('--status <status>', 'account status', accountStatusSchema.options))
      .addOption(
        oneOfOption('--role <role>', "any user without the role 'General' is an admin", ROLE_FILTERS, {
          general: 'member',
        }),
      )
      .option('--ids <list>', 'only these user ids, comma-separated (each sent once)', idList('--ids')),
  ).action(f.action(search));
  examples(searchCommand, [
    'matchmaker users search mateo',
    'matchmaker users search --status suspended --all -o csv --fields id,email \\',
    '    > suspended.csv',
    'matchmaker users search --role admin -o json',
  ]);
  examples(users.command('get <id>').description("a user's detail").action(f.action(get)), [
    `matchmaker users get ${EXAMPLE_USER}`,
    'matchmaker users get dea69b73-4b1e-4721-a5e9-e49cea1a9a91 -o json',
    `matchmaker users get ${EXAMPLE_USER} --fields id,email,status`,
  ]);
  // Every command below changes something: each takes --dry-run.
  const change = (usage: string, summary: string) =>
    users.command(usage).description(summary).addOption(new DryRunOption());
  for (const name of Object.keys(SIMPLE) as SimpleChange[]) {
    examples(change(`${name} <id>`, SIMPLE[name].summary).action(simpleAction(f, name)), [
      `matchmaker users ${name} ${EXAMPLE_USER}`,
      `matchmaker users ${name} ${EXAMPLE_USER} --dry-run -o json`,
      ...(SIMPLE[name].destructive ? [`matchmaker users ${name} ${EXAMPLE_USER} --yes   # in a script`] : []),
    ]);
  }
  examples(change('set-email <id> <email>', "change a user's email").action(f.action(setEmail)), [
    `matchmaker users set-email ${EXAMPLE_USER} mateo.r@example.org`,
    `matchmaker users set-email ${EXAMPLE_USER} mateo.r@example.org --dry-run`,
  ]);
  const roles = Object.entries(KNOWN_ROLES)
    .map(([name, role]) => `${name} (${role.is})`)
    .join(' or ');
  examples(
    change('set-role <id> <role>', `change a user's role: ${roles}; a member is General`).action(
      f.action(setRole),
    ),
    [
      `matchmaker users set-role ${EXAMPLE_USER} Admin`,
      `matchmaker users set-role ${EXAMPLE_USER} Admin --dry-run`,
      `matchmaker users set-role ${EXAMPLE_USER} General --yes`,
    ],
  );
  const editCommand = change(
    'edit <id>',
    "edit a user's profile: fields as flags or --from-json FILE|- (flags win); the email: see set-email",
  ).option('--from-json <file>', 'a JSON object of profile fields, - for stdin');
  for (const field of EDIT_FIELDS) editCommand.option(`--${kebab(field)} <value>`, fieldHelp(field));
  // Refused with a pointer to set-email rather than as an unknown option.
  editCommand.addOption(new Option('--email <value>').hideHelp());
  examples(editCommand.action(f.action(edit)), [
    `matchmaker users edit ${EXAMPLE_USER} --city Lyon --country FR --height 178`,
    `matchmaker users edit ${EXAMPLE_USER} --from-json profile.json --dry-run`,
    "# null (or an empty flag, --city '') clears a field:",
    `echo '{"about": null}' | matchmaker users edit ${EXAMPLE_USER} --from-json -`,
  ]);
  const createCommand = change(
    'create',
    'create an account; the password comes from --password-stdin or a prompt',
  )
    .option('--from-json <file>', 'a JSON object of account fields, - for stdin')
    .option('--password-stdin', 'read the password from stdin');
  for (const field of CREATE_FLAGS) createCommand.option(`--${kebab(field)} <value>`, fieldHelp(field));
  examples(createCommand.action(f.action(create)), [
    'printf %s "$PASSWORD" | matchmaker users create --password-stdin \\',
    '    --email ana.p@example.org --username ana.p --first-name Ana \\',
    '    --last-name Pereira --date-of-birth 1994-03-12 --sex female',
    '# on a terminal, asks for the password (a dry run does not):',
    `matchmaker users create --from-json ana.json --referrer ${EXAMPLE_USER}`,
    'matchmaker users create --from-json ana.json --dry-run -o json',
  ]);
  return users;
}
