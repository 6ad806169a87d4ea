import { describe, expect, it } from 'vitest';
import { UNKNOWN_COUNTRY } from '../../src/constants';
import { countryCodeByName, countryName, isCountryCode } from '../../src/rules/countries';

describe('countryName', () => {
  it.each([
    ['NG', 'Nigeria'],
    ['ng', 'Nigeria'],
    [' Ng ', 'Nigeria'],
    ['\tus\n', 'United States'],
    ['GB', 'United Kingdom'],
    ['CI', "Côte d'Ivoire"],
    ['AX', 'Åland Islands'],
    ['XK', 'Kosovo'],
  ])('%j -> %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it.each([
    ['ZZ'],
    ['UK'],
    ['EU'],
    ['N G'],
    ['NGA'],
    ['N'],
    [''],
    ['   '],
    ['constructor'],
    ['__proto__'],
    ['toString'],
  ])('%j is unknown', (code) => {
    expect(countryName(code)).toBe('Unknown Country');
  });

  it('is unknown for null and undefined', () => {
    expect(countryName(null)).toBe(UNKNOWN_COUNTRY);
    expect(countryName(undefined)).toBe(UNKNOWN_COUNTRY);
  });
});

describe('isCountryCode', () => {
  it('accepts upper-case codes only, so callers normalise first', () => {
    expect(isCountryCode('FR')).toBe(true);
    expect(isCountryCode('fr')).toBe(false);
    expect(isCountryCode('hasOwnProperty')).toBe(false);
    expect(isCountryCode(null)).toBe(false);
  });
});

describe('countryCodeByName', () => {
  it.each([
    ['Nigeria', 'NG'],
    ['nigeria', 'NG'],
    ['  NIGERIA  ', 'NG'],
    ['United  States', 'US'],
    ['Côte d’Ivoire', 'CI'],
    ["Cote d'Ivoire", 'CI'],
    ['aland islands', 'AX'],
    ['Sao Tome and Principe', 'ST'],
    ['Bosnia & Herzegovina', 'BA'],
    ['St. Lucia', 'LC'],
    ['St Kitts and Nevis', 'KN'],
    ['Russian Federation', 'RU'],
    ['Czech Republic', 'CZ'],
    ['Turkey', 'TR'],
    ['Türkiye', 'TR'],
    ['United States of America', 'US'],
    ['Viet Nam', 'VN'],
    ['Congo', 'CG'],
    ['Democratic Republic of the Congo', 'CD'],
    ['Niger', 'NE'],
  ])('%j -> %s', (name, code) => {
    expect(countryCodeByName(name)).toBe(code);
  });

  it.each([['Atlantis'], ['Nige'], ['United'], ['NG'], [''], ['  '], ['constructor']])(
    '%j is unknown',
    (name) => {
      expect(countryCodeByName(name)).toBeUndefined();
    },
  );

  it('is undefined for null and undefined', () => {
    expect(countryCodeByName(null)).toBeUndefined();
    expect(countryCodeByName(undefined)).toBeUndefined();
  });
});
