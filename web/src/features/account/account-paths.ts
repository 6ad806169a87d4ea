/** Paths of the account area's own screens (the login and register paths are in config/paths). */
import { PROFILE_CHOICES, type ProfileChoice } from '@matchmaker/sdk/schemas';
import type { SelectOption } from '../../components/choice-fields';

export const ACCOUNT_PATHS = {
  verifyEmail: '/account/verify-email',
  confirm: '/account/confirm',
  forgotPassword: '/account/forgot-password',
  resetPassword: '/account/reset-password',
  reactivate: '/account/reactivate',
  socialCallback: '/account/social-callback',
} as const;

/** How the registration form's 'I am' choice reads each of the SDK's values of `sex`. */
const SEX_LABELS: Readonly<Record<ProfileChoice<'sex'>, string>> = { female: 'A woman', male: 'A man' };

/** The values the registration payload's `sex` takes (the SDK's list), as the form offers them. */
export const SEX_OPTIONS: readonly SelectOption[] = PROFILE_CHOICES.sex.map((value) => ({
  value,
  label: SEX_LABELS[value],
}));
