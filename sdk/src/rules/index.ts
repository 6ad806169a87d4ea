/**
 * @matchmaker/sdk/rules: the product's rules as pure functions with no I/O (roles, user ids,
 * route guards, page metadata, countries, profile completion), and SPEC.md section 9's constants
 * of lists, pages and the UI. The web app and the CLI import them; they never re-implement them.
 */
export {
  ADMIN_USERS_PAGE_SIZE,
  CHAT_MESSAGES_PAGE_SIZE,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  FLAGGED_IMAGES_PAGE_SIZE,
  GEOLOCATION_HIGH_ACCURACY,
  GEOLOCATION_TIMEOUT_MS,
  KYC_PAGE_SIZE,
  KYC_REQUEST_FETCH_ERROR,
  PROFILE_COMPLETION_FIELD_COUNT,
  RECOMMENDATIONS_PAGE_SIZE,
  RELIGIONS_WITH_PAGES,
  type ReligionWithPage,
  TOAST_DURATIONS_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_TYPES,
  type ToastType,
  UNKNOWN_COUNTRY,
} from '../constants';
export {
  COUNTRIES,
  COUNTRY_NAMES,
  type Country,
  type CountryCode,
  countryCodeByName,
  countryName,
  isCountryCode,
  LANGUAGE_CODES,
  type LanguageCode,
} from './countries';
export {
  DEFAULT_PAGE_META,
  isBlogPage,
  isReligionPage,
  type MetaTag,
  type PageMeta,
  pageMeta,
  usesDefaultMeta,
} from './page-meta';
export { normalizePath, pathSegments } from './paths';
export { missingProfileFields, type ProfileSubject, profileCompletion } from './profile-completion';
export { isAdmin, isDeleted, isMember, MEMBER_ROLE, type RoleSubject } from './roles';
export {
  ACCOUNT_AREA,
  ADMIN_AREA,
  type GuardRedirect,
  guardRoute,
  homeRoute,
  isMemberArea,
  LOGIN_NEXT_PARAM,
  LOGIN_SUSPENDED_PARAM,
  landingAfterLogin,
  loginRedirect,
  MEMBER_AREAS,
  type MemberArea,
  ROUTES,
  type RouteArea,
  type RouteDecision,
  routeArea,
  safeReturnPath,
  TOP_LEVEL_ROUTES,
  type TopLevelRoute,
  topLevelRoute,
} from './route-guard';
export { isOwnAccount, type UserIdSubject, userIdOf } from './user-id';
