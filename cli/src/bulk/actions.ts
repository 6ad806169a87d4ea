/**
 * The bulk actions, as one typed map (as the sandbox keeps its provider states): each entry holds
 * everything an action is, its own options and how they are checked, what a row asks for (for
 * --dry-run) and the one SDK call that applies it. `bulk` declares its options from here, refuses
 * one given to an action that does not take it, and the runner runs what `configure` returns: a
 * new action is one new entry in this file.
 */
import type { CallOptions, MatchmakerClient } from '@matchmaker/sdk';
import { usageError } from '../exit';
import type { JsonRecord } from '../guards';
import { isEmail } from '../input';
import { reviewBody } from '../kyc-decision';
import { checkRole } from '../roles';

/** An option only some actions take, as `bulk` declares it. */
export interface ActionOption {
  /** As commander declares it: `--role <role>`, `--approve`. */
  flags: string;
  /** The key commander gives its value under: `role`, `emailColumn`. */
  key: string;
  description: string;
}

/** The values commander parsed, by key (only the keys of the actions' options are read). */
export type OptionValues = Readonly<Record<string, unknown>>;

/** What a run knows that its rows are checked against: the id column, the admin's own names. */
export interface RunSettings {
  idColumn: string;
  /**
   * The names of the signed-in admin's account (ids, username, email), in lower case: a bulk run
   * never locks its own operator out, and the API finds a user by any of them.
   */
  self?: readonly string[];
}

/** One row's planned change. */
export interface Plan {
  id: string;
  change: string;
  email?: string;
}

/** A row the action cannot take (an empty id, an invalid email): it fails, and the run goes on. */
export class RowError extends Error {}

/** An action ready to run: what the runner reads. */
export interface BulkAction {
  name: BulkActionName;
  /** Changes something a member would notice; a real run asks for confirmation. */
  destructive: boolean;
  /** Rows can ask for different changes (set-email's column), so two rows of one user can conflict. */
  changePerRow: boolean;
  /** The id column names users (found by id, username or email); false for KYC request ids. */
  namesUsers: boolean;
  /**
   * The options that decide the change, as typed (`--role Admin`): the journal records them
   * so that a resumed run cannot finish the file with another change.
   */
  options: string[];
  plan(values: JsonRecord): Plan;
  apply(client: MatchmakerClient, plan: Plan, options: CallOptions): Promise<unknown>;
}

/** A row as an action's plan reads it. */
export interface RowCells {
  /** The row's id, checked (and, for actions that lock an account out, not the admin's own). */
  id(): string;
  /** A column's text, trimmed; empty when missing. */
  cell(column: string): string;
}

/** An action's entry, with its own settled options `S` (a role, a review). */
interface ActionSpec<S> {
  /** Changes something a member would notice: a real run asks first. */
  destructive: boolean;
  /** Would lock out the account it changes: a run refuses a row naming its operator's own. */
  locksOut: boolean;
  /** The id column holds users (by id, username or email); false: other records (KYC requests). */
  namesUsers?: boolean;
  /** Rows say what to change (set-email's column), so two rows of one user can conflict. */
  changePerRow?: boolean;
  /** The options this action alone takes. */
  options?: readonly ActionOption[];
  /** Checks this action's options (exit 2, naming the option) and settles them. */
  settle(given: OptionValues): S;
  /** The options that decide the change, as typed, for the journal (default: none). */
  journal?(settled: S): string[];
  plan(row: RowCells, settled: S): Plan;
  apply(client: MatchmakerClient, plan: Plan, settled: S, options: CallOptions): Promise<unknown>;
}

/** An entry of the map, its settled options hidden: what `bulk` and the runner see. */
export interface ActionEntry {
  readonly destructive: boolean;
  readonly locksOut: boolean;
  readonly options: readonly ActionOption[];
  /**
   * Checks the options given (exit 2 before anything else happens) and returns what makes the
   * action ready once the run knows its id column and who is signed in.
   */
  configure(given: OptionValues): (name: BulkActionName, run: RunSettings) => BulkAction;
}

function entry<S>(spec: ActionSpec<S>): ActionEntry {
  return {
    destructive: spec.destructive,
    locksOut: spec.locksOut,
    options: spec.options ?? [],
    configure(given) {
      const settled = spec.settle(given);
      return (name, run) => ({
        name,
        destructive: spec.destructive,
        changePerRow: spec.changePerRow ?? false,
        namesUsers: spec.namesUsers ?? true,
        options: spec.journal?.(settled) ?? [],
        plan: (values) => spec.plan(rowCells(values, run, spec.locksOut ? name : undefined), settled),
        apply: (client, plan, options) => spec.apply(client, plan, settled, options),
      });
    },
  };
}

/** A column's text; missing or null is empty, a value of another shape (NDJSON) is a row error. */
function cell(values: JsonRecord, column: string): string {
  const value = values[column];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === undefined || value === null) return '';
  const kind = Array.isArray(value)
    ? 'an array'
    : typeof value === 'object'
      ? 'an object'
      : `a ${typeof value}`;
  throw new RowError(`'${column}' is ${kind}, not text or a number`);
}

/** Longer than any id the API hands out (UUIDs, request ids): a pasted document, not an id. */
const MAX_ID_LENGTH = 200;
/**
 * Control and invisible formatting characters (bidi overrides, zero-width ones) and U+FFFD, which
 * stands for bytes that were not UTF-8: an id holding one is a damaged or doctored input.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\uFFFD]/u;

function idOf(values: JsonRecord, column: string): string {
  const id = cell(values, column);
  if (id === '') throw new RowError(`empty '${column}'`);
  if (id.length > MAX_ID_LENGTH)
    throw new RowError(`invalid id: ${id.length} characters long (ids have at most ${MAX_ID_LENGTH})`);
  if (UNPRINTABLE.test(id))
    throw new RowError(`invalid id '${id}': it holds a control character or bytes that are not UTF-8`);
  if (/\s/.test(id) || id.includes('/')) throw new RowError(`invalid id '${id}'`);
  return id;
}

/** `lockingOut`: the action, when it would lock out the account it changes. */
function rowCells(values: JsonRecord, run: RunSettings, lockingOut: string | undefined): RowCells {
  return {
    id: () => {
      const id = idOf(values, run.idColumn);
      if (lockingOut && run.self?.includes(id.toLowerCase()))
        throw new RowError(`refusing to ${lockingOut} your own account (${id}): ask another admin to do it`);
      return id;
    },
    cell: (column) => cell(values, column),
  };
}

/** An action that changes a user's state by one call taking the id alone. */
function stateChange(
  change: string,
  call: (client: MatchmakerClient, id: string, options: CallOptions) => Promise<unknown>,
  { destructive, locksOut }: { destructive: boolean; locksOut: boolean },
): ActionEntry {
  return entry<null>({
    destructive,
    locksOut,
    settle: () => null,
    plan: (row) => ({ id: row.id(), change }),
    apply: (client, plan, _settled, options) => call(client, plan.id, options),
  });
}

const ROLE: ActionOption = { flags: '--role <role>', key: 'role', description: 'the role to give' };
const EMAIL_COLUMN: ActionOption = {
  flags: '--email-column <name>',
  key: 'emailColumn',
  description: 'the column of the new emails (default: email)',
};
const APPROVE: ActionOption = { flags: '--approve', key: 'approve', description: 'approve each request' };
const REJECT: ActionOption = {
  flags: '--reject',
  key: 'reject',
  description: 'reject each request (needs --reason)',
};
const REASON: ActionOption = {
  flags: '--reason <text>',
  key: 'reason',
  description: 'the reason sent to the member',
};

const text = (given: OptionValues, key: string) =>
  typeof given[key] === 'string' ? given[key].trim() : undefined;
const flag = (given: OptionValues, key: string) => (given[key] === true ? true : undefined);

/** A state change that locks the account out (a run refuses its operator's own), and one that does not. */
const LOCKING = { destructive: true, locksOut: true };
const RESTORING = { destructive: false, locksOut: false };

export const BULK_ACTION_MAP = {
  deactivate: stateChange('status -> deactivated', (c, id, o) => c.admin.deactivateUser(id, o), LOCKING),
  reactivate: stateChange('status -> active', (c, id, o) => c.admin.reactivateUser(id, o), RESTORING),
  suspend: stateChange('status -> suspended', (c, id, o) => c.admin.suspendUser(id, o), LOCKING),
  delete: stateChange('deleted', (c, id, o) => c.admin.deleteUser(id, o), LOCKING),
  confirm: stateChange('confirmed', (c, id, o) => c.admin.confirmUser(id, o), RESTORING),
  'set-role': entry<{ role: string }>({
    destructive: true,
    locksOut: true,
    options: [ROLE],
    // A role the backend would take but nobody means (`member`, `general`) makes an admin.
    settle: (given) => {
      const role = text(given, 'role');
      if (!role) throw usageError('bulk set-role needs --role ROLE');
      return { role: checkRole(role) };
    },
    journal: ({ role }) => ['--role', role],
    plan: (row, { role }) => ({ id: row.id(), change: `role -> ${role}` }),
    apply: (client, plan, { role }, options) => client.admin.changeUserRole(plan.id, { role }, options),
  }),
  'set-email': entry<{ column: string }>({
    destructive: true,
    locksOut: true,
    changePerRow: true,
    options: [EMAIL_COLUMN],
    settle: (given) => ({ column: text(given, 'emailColumn') || 'email' }),
    journal: ({ column }) => ['--email-column', column],
    plan: (row, { column }) => {
      const id = row.id();
      const email = row.cell(column);
      if (email === '') throw new RowError(`empty '${column}'`);
      if (!isEmail(email)) throw new RowError(`invalid email '${email}'`);
      return { id, change: `email -> ${email}`, email };
    },
    apply: (client, plan, _settled, options) =>
      client.admin.changeUserEmail(plan.id, { email: plan.email ?? '' }, options),
  }),
  'kyc-review': entry<{ status: 'APPROVED' | 'REJECTED'; reason?: string }>({
    destructive: true,
    locksOut: false,
    // The column holds KYC request ids, not users.
    namesUsers: false,
    options: [APPROVE, REJECT, REASON],
    settle: (given) =>
      reviewBody({
        approve: flag(given, 'approve'),
        reject: flag(given, 'reject'),
        reason: text(given, 'reason'),
      }),
    journal: (review) =>
      review.status === 'APPROVED'
        ? ['--approve', ...(review.reason ? ['--reason', review.reason] : [])]
        : ['--reject', '--reason', review.reason ?? ''],
    plan: (row, review) => ({ id: row.id(), change: `status -> ${review.status}` }),
    apply: (client, plan, review, options) => client.kyc.reviewRequest(plan.id, review, options),
  }),
} as const satisfies Record<string, ActionEntry>;

export type BulkActionName = keyof typeof BULK_ACTION_MAP;

export const isBulkActionName = (name: string): name is BulkActionName =>
  Object.hasOwn(BULK_ACTION_MAP, name);

/** The action names, in the map's order (`bulk --help`, completion). */
export const BULK_ACTIONS: readonly BulkActionName[] = Object.keys(BULK_ACTION_MAP).filter(isBulkActionName);

/** Every option some action takes, once, with the actions that take it: what `bulk` declares. */
export function actionOptions(): { option: ActionOption; actions: BulkActionName[] }[] {
  const byFlags = new Map<string, { option: ActionOption; actions: BulkActionName[] }>();
  for (const name of BULK_ACTIONS) {
    for (const option of BULK_ACTION_MAP[name].options) {
      const known = byFlags.get(option.flags) ?? { option, actions: [] };
      known.actions.push(name);
      byFlags.set(option.flags, known);
    }
  }
  return [...byFlags.values()];
}

/**
 * Checks the options given for action `name` (exit 2 naming what is wrong: an option of another
 * action, a value this one refuses) and returns what makes it ready once the run knows its id
 * column and who is signed in.
 */
export function configureAction(name: BulkActionName, given: OptionValues): (run: RunSettings) => BulkAction {
  const own = new Set(BULK_ACTION_MAP[name].options.map((option) => option.key));
  const foreign = actionOptions().filter(
    ({ option }) => !own.has(option.key) && given[option.key] !== undefined,
  );
  if (foreign.length > 0) {
    const flags = foreign.map(({ option }) => option.flags.split(' ')[0] ?? option.flags);
    const owners = [...new Set(foreign.flatMap(({ actions }) => actions))];
    throw usageError(
      `${listed(flags)} appl${flags.length === 1 ? 'ies' : 'y'} to ${listed(owners)} only, not to ${name}`,
    );
  }
  const ready = BULK_ACTION_MAP[name].configure(given);
  return (run) => ready(name, run);
}

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
