import { describe, expect, it } from 'vitest';
import * as rules from '../../src/rules';

describe('rules public API', () => {
  it('exports exactly the documented values', () => {
    expect(Object.keys(rules).sort()).toEqual(
      [
        'ACCOUNT_AREA',
        'ADMIN_AREA',
        'COUNTRIES',
        'COUNTRY_NAMES',
        'DEFAULT_PAGE_META',
        'LANGUAGE_CODES',
        'LOGIN_NEXT_PARAM',
        'LOGIN_SUSPENDED_PARAM',
        'MEMBER_AREAS',
        'MEMBER_ROLE',
        'ROUTES',
        'TOP_LEVEL_ROUTES',
        'countryCodeByName',
        'countryName',
        'guardRoute',
        'homeRoute',
        'isAdmin',
        'isBlogPage',
        'isCountryCode',
        'isDeleted',
        'isMember',
        'isMemberArea',
        'isReligionPage',
        'landingAfterLogin',
        'loginRedirect',
        'missingProfileFields',
        'normalizePath',
        'pageMeta',
        'pathSegments',
        'profileCompletion',
        'routeArea',
        'safeReturnPath',
        'topLevelRoute',
        'usesDefaultMeta',
      ].sort(),
    );
    expect(rules.ADMIN_AREA).toBe('admin');
    expect(rules.ACCOUNT_AREA).toBe('account');
  });
});
