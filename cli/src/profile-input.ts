/**
 * What staff give `users edit` and `users create`, as flags and `--from-json`, checked before
 * anything is sent: only the keys the call takes (others named, with where to change them), each
 * value by the SDK's contracts (PROFILE_CHOICES, RELIGIONS_WITH_PAGES, the country list, the
 * request schemas' limits) and sent with its JSON type. Problems name the flag or the key and file,
 * the value and what is allowed, all of them at once; nothing is sent while there is one.
 */
import { COUNTRY_NAMES, countryCodeByName, isCountryCode, RELIGIONS_WITH_PAGES } from '@matchmaker/sdk/rules';
import {
  adminUserDetailSchema,
  createUserSchema,
  PROFILE_CHOICES,
  PROFILE_FIELDS,
  type ProfileChoiceField,
  type ProfileField,
  updateUserSchema,
} from '@matchmaker/sdk/schemas';
import * as z from 'zod/mini';
import { usageError } from './exit';
import { closest } from './fields';
import type { JsonRecord } from './guards';
import { camel, isEmail, kebab } from './input';
import { daysInMonth } from './options';

/**
 * SPEC.md names no minimum age. The product is a marriage service and 18 is the age of majority
 * and of consent to marry in most countries, so a birth date must make the member at least 18.
 */
export const MINIMUM_AGE = 18;
/** The oldest age a birth date may give: older is a typo (1800 for 1980) or a placeholder (0001-01-01). */
export const MAXIMUM_AGE = 120;
/** Heights are centimetres; these bounds catch metres (1.8) and inches (70) typed by mistake. */
const HEIGHT_CM = { min: 50, max: 300 } as const;

type Rule =
  | { kind: 'text' | 'secret' | 'email' | 'country' | 'height' | 'yes-no' | 'birth-date' }
  | { kind: 'choice'; values: readonly string[] };

const TEXT: Rule = { kind: 'text' };
const YES_NO: Rule = { kind: 'yes-no' };
const isChoiceField = (field: string): field is ProfileChoiceField => Object.hasOwn(PROFILE_CHOICES, field);

const PROFILE_RULES: Partial<Record<ProfileField, Rule>> = {
  email: { kind: 'email' },
  height: { kind: 'height' },
  date_of_birth: { kind: 'birth-date' },
  country: { kind: 'country' },
  religion: { kind: 'choice', values: RELIGIONS_WITH_PAGES },
  has_children: YES_NO,
  open_for_relocation: YES_NO,
};
const ACCOUNT_RULES: Record<string, Rule> = {
  referrer: TEXT,
  password: { kind: 'secret' },
  agreed_to_terms: YES_NO,
};

function ruleOf(field: string): Rule {
  if (isChoiceField(field)) return { kind: 'choice', values: PROFILE_CHOICES[field] };
  return PROFILE_RULES[field as ProfileField] ?? ACCOUNT_RULES[field] ?? TEXT;
}

/** Profile fields an edit may not empty: an account always has them. */
const KEPT = new Set(['username', 'first_name', 'last_name']);

/** Fields `users edit` sets: the profile fields but the email, which `set-email` changes. */
export const EDIT_FIELDS: readonly ProfileField[] = PROFILE_FIELDS.filter((field) => field !== 'email');
/** Fields `users create` sets: the request body's (SDK's createUserSchema). */
const CREATE_KEYS = Object.keys(createUserSchema.shape);
/** Of those, the ones given as flags (the password comes from stdin or a prompt). */
export const CREATE_FLAGS = CREATE_KEYS.filter((key) => key !== 'password' && key !== 'agreed_to_terms');
const REQUIRED = CREATE_KEYS.filter(
  (key) => !createUserSchema.shape[key as keyof typeof createUserSchema.shape].safeParse(undefined).success,
);
/** The fields of a user record the API keeps (ids, dates, state): no command sets them. */
const RECORD_KEYS = new Set(Object.keys(adminUserDetailSchema.shape));

const SET_EMAIL =
  'users edit does not change emails: use `matchmaker users set-email ID EMAIL`, which checks, trims and confirms the change';
const STATE =
  "the account's state is changed with `matchmaker users deactivate|reactivate|suspend|delete|confirm ID`";

/** Why a key `users edit` does not take is not taken, or undefined for an unknown key. */
function editElsewhere(key: string): string | undefined {
  if (key === 'email') return SET_EMAIL;
  if (key === 'roles' || key === 'role') return 'roles are changed with `matchmaker users set-role ID ROLE`';
  if (key === 'status' || key === 'is_deleted' || key === 'confirmed') return STATE;
  if (key === 'password') return 'users edit does not set passwords';
  return RECORD_KEYS.has(key) ? 'kept by the API: no command sets it' : undefined;
}

function createElsewhere(key: string): string | undefined {
  if ((PROFILE_FIELDS as readonly string[]).includes(key))
    return `users create does not set it: set it afterwards with \`matchmaker users edit ID --${kebab(key)} VALUE\``;
  if (key === 'roles' || key === 'role')
    return 'accounts are created as members: change the role afterwards with `matchmaker users set-role ID ROLE`';
  if (key === 'status' || key === 'is_deleted' || key === 'confirmed')
    return `accounts are created active and confirmed; ${STATE}`;
  return RECORD_KEYS.has(key) ? 'kept by the API: no command sets it' : undefined;
}

/** What a field takes, for its flag's help and its problems. */
function describe(rule: Rule): string {
  switch (rule.kind) {
    case 'choice':
      return `one of ${rule.values.join(', ')}`;
    case 'email':
      return 'an email address, such as name@example.com';
    case 'country':
      return "a country's English name or two-letter code, such as 'Kenya' or 'KE'";
    case 'height':
      return `a height in centimetres from ${HEIGHT_CM.min} to ${HEIGHT_CM.max}, such as 175`;
    case 'yes-no':
      return 'true, false, yes or no';
    case 'birth-date':
      return `a date as YYYY-MM-DD, such as 1990-04-21, from ${MINIMUM_AGE} to ${MAXIMUM_AGE} years ago`;
    default:
      return 'text';
  }
}

/** A flag's help: the field, and what it takes when that is not just text. */
export function fieldHelp(field: string): string {
  if (field === 'referrer') return "the referrer's username (checked before anything is sent)";
  const rule = ruleOf(field);
  const name = field.replace(/_/g, ' ');
  return rule.kind === 'text' ? name : `${name}: ${describe(rule)}`;
}

/** One value as given: its field, the value, and where it came from (a flag, or a key of the file). */
interface Given {
  key: string;
  value: unknown;
  file?: string;
}

const keyIn = (key: string, file: string) => `"${key}" in ${file}`;
const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
function where({ key, value, file }: Given): string {
  if (ruleOf(key).kind === 'secret') return file === undefined ? 'the password' : keyIn(key, file);
  return file === undefined
    ? `--${kebab(key)} '${shown(String(value))}'`
    : `${keyIn(key, file)}: ${shown(JSON.stringify(value))}`;
}

type Value = string | number | boolean | null;
type Checked = { value: Value } | { problem: string };

const fold = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const didYouMean = (near: string | undefined) => (near ? ` (did you mean '${near}'?)` : '');
const must = (rule: Rule, near?: string): Checked => ({
  problem: `must be ${describe(rule)}${didYouMean(near)}`,
});

/** Whole years from a birth date to `today`, both in UTC. */
function age(today: Date, year: number, month: number, day: number): number {
  const [thisMonth, thisDay] = [today.getUTCMonth() + 1, today.getUTCDate()];
  const birthdayToCome = thisMonth < month || (thisMonth === month && thisDay < day);
  return today.getUTCFullYear() - year - (birthdayToCome ? 1 : 0);
}

function birthDate(rule: Rule, text: string, today = new Date()): Checked {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return must(rule);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return { problem: 'is not a date in the calendar (months run from 01 to 12)' };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days)
    return { problem: `is not a date in the calendar (${match[1]}-${match[2]} has ${days} days)` };
  if (Date.UTC(year, month - 1, day) > today.getTime()) return { problem: 'is in the future' };
  const years = age(today, year, month, day);
  if (years < MINIMUM_AGE) return { problem: `makes them ${years}: members must be at least ${MINIMUM_AGE}` };
  if (years > MAXIMUM_AGE)
    return { problem: `makes them ${years}: nobody is older than ${MAXIMUM_AGE}; check the year` };
  return { value: text.trim() };
}

function checkText(rule: Rule, text: string): Checked {
  const trimmed = text.trim();
  switch (rule.kind) {
    case 'secret':
      return { value: text };
    case 'email':
      return isEmail(trimmed) ? { value: trimmed } : must(rule);
    case 'choice': {
      const found = rule.values.find((value) => value === fold(text));
      return found === undefined ? must(rule, closest(fold(text), rule.values)) : { value: found };
    }
    case 'country': {
      const code = trimmed.toUpperCase();
      const found = code.length === 2 && isCountryCode(code) ? code : countryCodeByName(trimmed);
      return found
        ? { value: COUNTRY_NAMES[found] }
        : must(rule, closest(trimmed, Object.values(COUNTRY_NAMES)));
    }
    case 'height': {
      const cm = Number(trimmed);
      return /^\d+(\.\d+)?$/.test(trimmed) && cm >= HEIGHT_CM.min && cm <= HEIGHT_CM.max
        ? { value: cm }
        : must(rule);
    }
    case 'yes-no': {
      const word = fold(text);
      if (word === 'true' || word === 'yes') return { value: true };
      return word === 'false' || word === 'no' ? { value: false } : must(rule);
    }
    case 'birth-date':
      return birthDate(rule, text);
    default:
      return { value: trimmed };
  }
}

const emptyProblem = (key: string) =>
  key === 'referrer' ? "is empty: give the referrer's username, or leave --referrer out" : 'cannot be empty';

/** One value by its field's rule; `clearable` fields take null or '' (sent as null, which clears). */
function checkValue(key: string, raw: unknown, clearable: boolean): Checked {
  const rule = ruleOf(key);
  if (raw === null || (typeof raw === 'string' && raw.trim() === '' && rule.kind !== 'secret'))
    return clearable ? { value: null } : { problem: emptyProblem(key) };
  if (typeof raw === 'string') return checkText(rule, raw);
  // JSON's own types where the field has one: true or false, a number of centimetres.
  if (typeof raw === 'boolean' && rule.kind === 'yes-no') return { value: raw };
  if (typeof raw === 'number' && rule.kind === 'height') return checkText(rule, String(raw));
  return must(rule);
}

/** Problems found so far; `fail` throws them all as one usage error. */
class Problems {
  readonly lines: string[] = [];
  unknownKeys = false;
  constructor(readonly command: 'edit' | 'create') {}
  add(line: string) {
    this.lines.push(line);
  }
  fail(): void {
    const count = this.lines.length;
    if (count === 0) return;
    const help = this.unknownKeys
      ? `\n\`matchmaker users ${this.command} --help\` lists the fields it takes.`
      : '';
    const lines = this.lines.map((line) => `\n  ${line}`).join('');
    throw usageError(
      `Nothing was sent: fix ${count === 1 ? 'this' : `these ${count}`} and run it again:${lines}${help}`,
    );
  }
}

interface Inputs {
  /** The --from-json object and the name of its source (a path or 'stdin'). */
  json: JsonRecord;
  file: string;
  /** Commander's options: flag values by camelCase name. */
  flags: JsonRecord;
}

/**
 * Every value to send, flags winning over the file; keys the command does not take are problems.
 * `elsewhere` says where a known but refused key is changed.
 */
function gather(
  { json, file, flags }: Inputs,
  keys: readonly string[],
  elsewhere: (key: string) => string | undefined,
  problems: Problems,
): Given[] {
  for (const key of Object.keys(json)) {
    if (keys.includes(key)) continue;
    const instead = elsewhere(key);
    if (!instead) problems.unknownKeys = true;
    problems.add(`${keyIn(key, file)}: ${instead ?? `unknown key${didYouMean(closest(key, keys))}`}`);
  }
  const given: Given[] = [];
  for (const key of keys) {
    const flag = flags[camel(key)];
    if (typeof flag === 'string') given.push({ key, value: flag });
    else if (Object.hasOwn(json, key)) given.push({ key, value: json[key], file });
  }
  return given;
}

/** Checks each value; the body of those that passed. */
function checkAll(given: readonly Given[], clearable: (key: string) => boolean, problems: Problems) {
  const body: Record<string, Value> = {};
  for (const item of given) {
    const checked = checkValue(item.key, item.value, clearable(item.key));
    if ('problem' in checked) problems.add(`${where(item)}: ${checked.problem}`);
    else body[item.key] = checked.value;
  }
  return body;
}

/** Parses with the SDK's request schema (its length limits); its problems named like ours. */
function parseWith<S extends z.core.$ZodType>(
  schema: S,
  body: JsonRecord,
  given: readonly Given[],
  problems: Problems,
) {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const item = given.find((entry) => entry.key === key);
    problems.add(
      `${item ? where(item) : key === 'password' ? 'the password' : 'the body'}: ${issue.message}`,
    );
  }
  problems.fail();
  throw usageError('Nothing was sent: the values are not valid');
}

/** The body of `users edit` (`PUT /users/{id}/`), or a usage error naming every problem. */
export function editBody(inputs: Inputs): JsonRecord {
  const problems = new Problems('edit');
  if (typeof inputs.flags.email === 'string') problems.add(`--email: ${SET_EMAIL}`);
  const given = gather(inputs, EDIT_FIELDS, editElsewhere, problems);
  const body = checkAll(given, (key) => !KEPT.has(key), problems);
  problems.fail();
  if (Object.keys(body).length === 0) {
    throw usageError('Nothing to change: give profile fields as flags (see --help) or --from-json FILE');
  }
  return parseWith(updateUserSchema, body, given, problems);
}

/**
 * The body of `users create` but the password, checked before the password is read (so nobody
 * types one for a request that cannot go), or a usage error naming every problem and missing flag.
 * `passwordComing`: --password-stdin, or a terminal to ask on.
 */
export function createDraft(inputs: Inputs, passwordComing: boolean): JsonRecord {
  const problems = new Problems('create');
  const given = gather(inputs, CREATE_KEYS, createElsewhere, problems);
  // Nothing is clearable on a new account: an empty --referrer would create one with no referrer.
  const body = checkAll(given, () => false, problems);
  const missing = REQUIRED.filter((key) => key !== 'password' && given.every((item) => item.key !== key));
  if (missing.length > 0)
    problems.add(
      `missing ${missing.map((key) => `--${kebab(key)}`).join(', ')} (or those fields in --from-json)`,
    );
  if (!passwordComing && given.every((item) => item.key !== 'password'))
    problems.add('no password: pipe it with --password-stdin, or run on a terminal to be asked for it');
  problems.fail();
  parseWith(z.partial(createUserSchema), body, given, problems);
  return body;
}

/** The whole `users create` body, the password included, by the SDK's schema. */
export function createBody(draft: JsonRecord, password: string) {
  const problems = new Problems('create');
  if (password === '') problems.add('the password is empty');
  problems.fail();
  return parseWith(createUserSchema, { ...draft, password }, [], problems);
}
