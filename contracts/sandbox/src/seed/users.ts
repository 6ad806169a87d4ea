/**
 * Accounts: the demo logins (demo-accounts.ts), then generated members across the five religions
 * and many countries. Every profile field varies; some profiles are left incomplete on purpose.
 */

import { DEMO_PASSWORD } from '../options';
import { DEFAULT_SETTINGS, EMPTY_PROFILE } from '../state/defaults';
import { hashPassword } from '../state/passwords';
import type { AccountStatus, ProfileRecord, SettingsRecord, UserRecord } from '../state/types';
import { DAY_MS, iso, isoDate } from './clock';
import { DEMO_ACCOUNTS, DEMO_SPECS, type DemoKey, MEMBER_ROLES } from './demo-accounts';
import { type City, COUNTRIES, type Country } from './places';
import type { Rng } from './prng';
import {
  BODY_TYPES,
  CURRENT_STATUSES,
  cultureOf,
  DENOMINATIONS,
  DRINKING,
  EDUCATION,
  ETHNICITIES,
  HOBBIES,
  MARITAL_TYPES,
  NAMES,
  OCCUPATIONS,
  type Religion,
  SMOKING,
  VALUES_SENTENCES,
  WANT_CHILDREN,
} from './values';

export const GENERATED_MEMBER_COUNT = 320;

/** Fields an incomplete generated profile may be missing (never the account's own names). */
const OPTIONAL_FIELDS = Object.keys(EMPTY_PROFILE) as (keyof ProfileRecord)[];

const NOTIFICATION_INTERVALS = ['instant', 'hourly', 'daily', 'weekly'] as const;

export interface SeededUsers {
  users: UserRecord[];
  demo: Record<DemoKey, UserRecord>;
  members: UserRecord[];
  settings: Record<string, SettingsRecord>;
}

interface Place {
  country: Country;
  city: City;
}

function placeOf(code: string, cityName: string): Place {
  const country = COUNTRIES.find((entry) => entry.code === code);
  const city = country?.cities.find((entry) => entry.city === cityName);
  if (!country || !city) throw new Error(`unknown seed place ${cityName}, ${code}`);
  return { country, city };
}

const asciiCache = new Map<string, string>();

/** 'Müller' to 'muller', for usernames; cached because names repeat and NFD is slow. */
function ascii(text: string): string {
  let out = asciiCache.get(text);
  if (out === undefined) {
    out = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
    asciiCache.set(text, out);
  }
  return out;
}

export function seedUsers(rng: Rng, anchor: number): SeededUsers {
  const users: UserRecord[] = [];
  const settings: Record<string, SettingsRecord> = {};
  const usernames = new Set<string>();
  const salt = rng.hex(16);
  // One hash for every seeded account: they share the demo password, and hashing once keeps the
  // seed fast enough for tests that start many sandboxes.
  const passwordHash = hashPassword(DEMO_PASSWORD, salt);

  const baseUser = (
    fields: Pick<
      UserRecord,
      'username' | 'first_name' | 'last_name' | 'email' | 'roles' | 'status' | 'is_deleted'
    >,
    profile: ProfileRecord,
    place: Place | undefined,
    createdAt: number,
  ): UserRecord => ({
    keycloakId: rng.uuid(),
    ...fields,
    profile,
    confirmed: true,
    password_salt: salt,
    password_hash: passwordHash,
    country_code: place?.country.code ?? null,
    latitude: place ? round(place.city.latitude + (rng.next() - 0.5) * 0.08, 5) : null,
    longitude: place ? round(place.city.longitude + (rng.next() - 0.5) * 0.08, 5) : null,
    referrer: null,
    provider: 'password',
    created_at: iso(createdAt),
    updated_at: iso(createdAt + rng.int(0, 20) * DAY_MS),
    last_login_at: iso(anchor - rng.int(1, 72) * 3_600_000),
    last_seen_at: iso(anchor - rng.int(1, 72) * 3_600_000),
  });

  const demo = {} as Record<DemoKey, UserRecord>;
  for (const spec of DEMO_SPECS) {
    const place = spec.place ? placeOf(spec.place.country, spec.place.city) : undefined;
    const isMember = spec.roles.includes('General');
    const profile: ProfileRecord =
      place && isMember
        ? {
            ...fullProfile(
              rng,
              anchor,
              place,
              (spec.profile?.religion as Religion | undefined) ?? 'christian',
            ),
            ...spec.profile,
          }
        : {
            ...EMPTY_PROFILE,
            ...(place ? { country: place.country.name, city: place.city.city, state: place.city.state } : {}),
          };
    const email =
      DEMO_ACCOUNTS.find((account) => account.key === spec.key)?.email ?? `${spec.key}@sandbox.test`;
    const user = baseUser(
      {
        username: spec.username,
        first_name: spec.first_name,
        last_name: spec.last_name,
        email,
        roles: spec.roles,
        status: spec.status,
        is_deleted: spec.is_deleted,
      },
      profile,
      place,
      anchor - rng.int(200, 400) * DAY_MS,
    );
    if (!place) {
      user.latitude = null;
      user.longitude = null;
    }
    demo[spec.key] = user;
    users.push(user);
    usernames.add(user.username);
    if (spec.key !== 'new') settings[user.keycloakId] = { ...DEFAULT_SETTINGS };
  }

  const members: UserRecord[] = [];
  const countryWeights = Object.fromEntries(COUNTRIES.map((country) => [country.code, country.weight]));
  for (let i = 0; i < GENERATED_MEMBER_COUNT; i++) {
    const code = rng.weighted(countryWeights);
    const country = COUNTRIES.find((entry) => entry.code === code) as Country;
    const city = rng.pick(country.cities);
    const religionWeights = { ...country.religions };
    // Utah and Idaho are where a mormon membership concentrates.
    if (city.state === 'Utah' || city.state === 'Idaho') religionWeights.mormon = 10;
    const religion = rng.weighted(religionWeights) as Religion;
    const place = { country, city };
    const profile = fullProfile(rng, anchor, place, religion);
    const culture = cultureOf(religion, country.code);
    const names = NAMES[culture];
    const first = rng.pick(profile.sex === 'male' ? names.male : names.female);
    const last = rng.pick(names.last);
    let username = `${ascii(first)}.${ascii(last)}`;
    if (usernames.has(username)) username = `${username}${rng.int(2, 99)}`;
    while (usernames.has(username)) username = `${username}${rng.int(0, 9)}`;
    usernames.add(username);

    // A few incomplete profiles, so completion percentages and empty states show up.
    if (rng.chance(0.18)) {
      for (const field of rng.sample(OPTIONAL_FIELDS, rng.int(3, 14))) profile[field] = null;
    }
    const statusRoll = rng.next();
    const status: AccountStatus =
      statusRoll < 0.9
        ? 'active'
        : statusRoll < 0.95
          ? 'deactivated'
          : statusRoll < 0.97
            ? 'archived'
            : 'suspended';
    // Sign-ups grow towards the present, so the user aggregation draws a rising curve.
    const ageDays = Math.floor(365 * (1 - Math.sqrt(rng.next())));
    const user = baseUser(
      {
        username,
        first_name: first,
        last_name: last,
        email: `${username}@members.sandbox.test`,
        roles: MEMBER_ROLES,
        status,
        is_deleted: status === 'archived' && rng.chance(0.5),
      },
      profile,
      place,
      anchor - ageDays * DAY_MS - rng.int(0, 86_399) * 1000,
    );
    user.confirmed = rng.chance(0.93);
    if (members.length > 10 && rng.chance(0.16)) user.referrer = rng.pick(members).username;
    members.push(user);
    users.push(user);
    settings[user.keycloakId] = {
      allow_newsletter: rng.chance(0.6),
      allow_unread_message_notifications: rng.chance(0.8),
      allow_new_matches_notifications: rng.chance(0.85),
      make_contact_info_visible: rng.chance(0.3),
      make_profile_visible: rng.chance(0.92),
      notification_interval: rng.pick(NOTIFICATION_INTERVALS),
      hide_basic_info: rng.chance(0.1),
    };
  }
  return { users, demo, members, settings };
}

function fullProfile(rng: Rng, anchor: number, place: Place, religion: Religion): ProfileRecord {
  const sex = rng.pick(['male', 'female'] as const);
  const age = rng.int(21, 54);
  const dob = anchor - age * 365.25 * DAY_MS - rng.int(0, 364) * DAY_MS;
  const occupation = rng.pick(OCCUPATIONS);
  const hobbies = rng.sample(HOBBIES, 2);
  const culture = cultureOf(religion, place.country.code);
  const married =
    age > 30 ? rng.pick(MARITAL_TYPES) : rng.chance(0.85) ? 'never_married' : rng.pick(MARITAL_TYPES);
  return {
    height: sex === 'male' ? rng.int(163, 198) : rng.int(150, 182),
    sex,
    date_of_birth: isoDate(dob),
    state: place.city.state,
    country: place.country.name,
    city: place.city.city,
    religion,
    ethnicity: rng.pick(ETHNICITIES[culture]),
    marital_type: married,
    body_type: rng.pick(BODY_TYPES),
    church_denomination: rng.pick(DENOMINATIONS[religion]),
    about: `I am a ${occupation.toLowerCase()} living in ${place.city.city}. I enjoy ${hobbies[0]} and ${hobbies[1]}. ${rng.pick(VALUES_SENTENCES)}`,
    current_status: occupation === 'Student' ? 'student' : rng.pick(CURRENT_STATUSES),
    drinking_status: religion === 'muslim' || religion === 'mormon' ? 'never' : rng.pick(DRINKING),
    smoking_status: rng.chance(0.75) ? 'never' : rng.pick(SMOKING),
    education_level: rng.pick(EDUCATION),
    has_children: married === 'never_married' ? rng.chance(0.05) : rng.chance(0.45),
    want_children: rng.pick(WANT_CHILDREN),
    open_for_relocation: rng.chance(0.55),
    occupation,
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
