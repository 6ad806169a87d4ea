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
