/**
 * Answer fragments the SDK's response schemas require (ids, names, statuses, paging, timestamps),
 * as matchers, so each interaction pins what the clients read without restating it.
 */
import { PROFILE_CHOICES } from '@matchmaker/sdk/schemas';
import {
  ACCOUNT_STATUS,
  boolean,
  eachLike,
  email,
  instant,
  integer,
  isoDate,
  like,
  memberRoles,
  oneOf,
  regex,
  url,
} from './pact';

/** The paging numbers of a paged answer. */
export const paging = (perPage: number, page = 1, total = 1) => ({
  page: integer(page),
  per_page: integer(perPage),
  total: integer(total),
  total_pages: integer(Math.max(1, Math.ceil(total / perPage))),
});

/** The range and bucket an analytics answer covers, and a per-day series. */
export const range = {
  start_date: instant('2026-01-01T00:00:00.000Z'),
  end_date: instant('2026-02-01T00:00:00.000Z'),
  date_type: oneOf(['day', 'week', 'month', 'year'], 'day'),
};
export const series = eachLike({ date: regex('^\\d{4}(-\\d{2}){0,2}$', '2026-01-01'), count: integer(0) });

/**
 * The profile fields the contract types, as a complete profile answers them: each choice field
 * one of its known values (the SDK's PROFILE_CHOICES), the height a number, the yes/no fields
 * booleans, the birth date a date. A backend sending another value fails here, while the SDK
 * itself still accepts it and reports a contract warning.
 */
export function typedProfileBody() {
  const choices = Object.fromEntries(
    Object.entries(PROFILE_CHOICES).map(([field, values]) => {
      const known: readonly string[] = values;
      return [field, oneOf(known, known[0] ?? '')];
    }),
  );
  return {
    ...choices,
    height: like(172),
    has_children: boolean(false),
    open_for_relocation: boolean(true),
    date_of_birth: isoDate('1994-03-12'),
  };
}

/** A user as user info and the back office answer it. */
export function userBody(id: string, username: string, address: string) {
  return {
    keycloakId: like(id),
    username: like(username),
    first_name: like('Chidi'),
    last_name: like('Nwosu'),
    email: email(address),
    roles: memberRoles(),
    is_deleted: boolean(false),
  };
}

/** A user as the back office lists it: with its account state. */
export function adminUserBody(id: string, username: string, address: string) {
  return {
    ...userBody(id, username, address),
    status: oneOf(ACCOUNT_STATUS, 'active'),
    confirmed: boolean(true),
    created_at: instant(),
  };
}

/** A member as other members see them. */
export function publicProfileBody(id: string, username: string) {
  return {
    keycloakId: like(id),
    username: like(username),
    first_name: like('Chidi'),
    last_name: like('Nwosu'),
  };
}

export function imageBody(userId: string, filename: string) {
  return {
    user_id: like(userId),
    filename: like(filename),
    flagged: boolean(false),
    imageUrl: url(`https://api.example.com/media/${filename}`),
    thumbnailUrl: url(`https://api.example.com/media/${filename}?size=thumb`),
    image_type: like('Profile Photo'),
  };
}
