/**
 * Defaults of records: the empty profile (its keys are the profile fields a record has) and the
 * settings of a member who never saved any.
 */
import type { ProfileRecord, SettingsRecord } from './types';

export const EMPTY_PROFILE: ProfileRecord = {
  height: null,
  sex: null,
  date_of_birth: null,
  state: null,
  country: null,
  city: null,
  religion: null,
  ethnicity: null,
  marital_type: null,
  body_type: null,
  church_denomination: null,
  about: null,
  current_status: null,
  drinking_status: null,
  smoking_status: null,
  education_level: null,
  has_children: null,
  want_children: null,
  open_for_relocation: null,
  occupation: null,
};

/** Profile fields are the keys of EMPTY_PROFILE, read as own keys so `constructor` is not one. */
export function isProfileField(key: string): key is keyof ProfileRecord {
  return Object.hasOwn(EMPTY_PROFILE, key);
}

export const DEFAULT_SETTINGS: SettingsRecord = {
  allow_newsletter: true,
  allow_unread_message_notifications: true,
  allow_new_matches_notifications: true,
  make_contact_info_visible: false,
  make_profile_visible: true,
  notification_interval: 'daily',
  hide_basic_info: false,
};
