/** Paths of the account area's own screens (the login and register paths are in config/paths). */
import type { SelectOption } from '../../components/choice-fields';

export const ACCOUNT_PATHS = {
  verifyEmail: '/account/verify-email',
  confirm: '/account/confirm',
  forgotPassword: '/account/forgot-password',
  resetPassword: '/account/reset-password',
  reactivate: '/account/reactivate',
  socialCallback: '/account/social-callback',
} as const;

/** The values the registration payload's `sex` takes, as the provider stores them. */
export const SEX_OPTIONS: readonly SelectOption[] = [
  { value: 'female', label: 'A woman' },
  { value: 'male', label: 'A man' },
];
