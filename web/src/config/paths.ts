/**
 * Route paths. The top-level ones come from the SDK's rules (ROUTES), so guards and links agree;
 * the account sub-routes the app adds are listed here, in one place.
 */
import { ROUTES } from '@matchmaker/sdk/rules';

export const PATHS = {
  ...ROUTES,
  register: '/account/register',
  forgotPassword: '/account/forgot-password',
} as const;
