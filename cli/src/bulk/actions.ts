/**
 * What each bulk action does to one row: which columns it reads, how it checks them, what it
 * would change (for --dry-run) and the one SDK call that applies it.
 */
import type { CallOptions, MatchmakerClient } from '@matchmaker/sdk';
import type { JsonRecord } from '../guards';
import { isEmail } from '../input';
import { checkRole } from '../roles';

export const BULK_ACTIONS = [
  'deactivate',
  'reactivate',
  'suspend',
  'delete',
  'confirm',
  'set-role',
  'set-email',
  'kyc-review',
] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** The actions that would lock out the account they change: a run refuses its operator's own. */
const LOCKING_OUT: ReadonlySet<BulkActionName> = new Set([
  'deactivate',
  'suspend',
  'delete',
  'set-role',
  'set-email',
]);

export function refusesOwnAccount(name: BulkActionName): boolean {
  return LOCKING_OUT.has(name);
}

export interface ActionSettings {
  idColumn: string;
  emailColumn: string;
  role?: string;
  review?: { status: 'APPROVED' | 'REJECTED'; reason?: string };
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

export class RowError extends Error {}

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

export function bulkAction(name: BulkActionName, settings: ActionSettings): BulkAction {
  const { idColumn } = settings;
  const userId = (values: JsonRecord): string => {
    const id = idOf(values, idColumn);
    if (refusesOwnAccount(name) && settings.self?.includes(id.toLowerCase())) {
      throw new RowError(`refusing to ${name} your own account (${id}): ask another admin to do it`);
    }
    return id;
  };
  const simple = (
    change: string,
    call: (client: MatchmakerClient, id: string, options: CallOptions) => Promise<unknown>,
    destructive = true,
    options: string[] = [],
  ): BulkAction => ({
    name,
    destructive,
    changePerRow: false,
    namesUsers: true,
    options,
    plan: (values) => ({ id: userId(values), change }),
    apply: (client, plan, options) => call(client, plan.id, options),
  });
  switch (name) {
    case 'deactivate':
      return simple('status -> deactivated', (c, id, o) => c.admin.deactivateUser(id, o));
    case 'reactivate':
      return simple('status -> active', (c, id, o) => c.admin.reactivateUser(id, o), false);
    case 'suspend':
      return simple('status -> suspended', (c, id, o) => c.admin.suspendUser(id, o));
    case 'delete':
      return simple('deleted', (c, id, o) => c.admin.deleteUser(id, o));
    case 'confirm':
      return simple('confirmed', (c, id, o) => c.admin.confirmUser(id, o), false);
    case 'set-role': {
      // A role the backend would take but nobody means (`member`, `general`) makes an admin.
      const role = checkRole(settings.role ?? '');
      return simple(`role -> ${role}`, (c, id, o) => c.admin.changeUserRole(id, { role }, o), true, [
        '--role',
        role,
      ]);
    }
    case 'set-email':
      return {
        name,
        destructive: true,
        changePerRow: true,
        namesUsers: true,
        options: ['--email-column', settings.emailColumn],
        plan: (values) => {
          const id = userId(values);
          const email = cell(values, settings.emailColumn);
          if (email === '') throw new RowError(`empty '${settings.emailColumn}'`);
          if (!isEmail(email)) throw new RowError(`invalid email '${email}'`);
          return { id, change: `email -> ${email}`, email };
        },
        apply: (client, plan, options) =>
          client.admin.changeUserEmail(plan.id, { email: plan.email ?? '' }, options),
      };
    case 'kyc-review': {
      const review = settings.review ?? { status: 'APPROVED' as const };
      return {
        name,
        destructive: true,
        changePerRow: false,
        namesUsers: false,
        options:
          review.status === 'APPROVED'
            ? ['--approve', ...(review.reason ? ['--reason', review.reason] : [])]
            : ['--reject', '--reason', review.reason ?? ''],
        plan: (values) => ({ id: idOf(values, idColumn), change: `status -> ${review.status}` }),
        apply: (client, plan, options) => client.kyc.reviewRequest(plan.id, review, options),
      };
    }
  }
}
