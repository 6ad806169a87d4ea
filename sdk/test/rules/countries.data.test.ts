import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_NAMES, countryCodeByName, LANGUAGE_CODES } from '../../src/rules/countries';
import { COUNTRY_NAME_ALIASES } from '../../src/rules/country-data';

const codes = Object.keys(COUNTRIES);

describe('COUNTRIES and COUNTRY_NAMES', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes plus Kosovo', () => {
    expect(codes).toHaveLength(250);
    expect(codes.filter((code) => code !== 'XK')).toHaveLength(249);
  });

  it('keys entries by their own upper-case two-letter code', () => {
    for (const [code, country] of Object.entries(COUNTRIES)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(country.code).toBe(code);
      expect(country.name).toBe(COUNTRY_NAMES[country.code]);
    }
  });

  it('has the same codes in both maps, sorted', () => {
    expect(Object.keys(COUNTRY_NAMES)).toEqual(codes);
    expect(codes).toEqual([...codes].sort());
  });

  it('gives every country a distinct name', () => {
    const names = Object.values(COUNTRY_NAMES);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ['US', 'United States'],
    ['GB', 'United Kingdom'],
    ['IN', 'India'],
    ['KR', 'South Korea'],
    ['KP', 'North Korea'],
    ['CD', 'Democratic Republic of the Congo'],
    ['CG', 'Republic of the Congo'],
    ['SZ', 'Eswatini'],
    ['MK', 'North Macedonia'],
    ['VA', 'Vatican City'],
  ])('%s is %s', (code, name) => {
    expect(COUNTRIES[code as keyof typeof COUNTRIES]).toEqual({ code, name });
  });

  it('leaves out reserved codes that are not countries', () => {
    for (const code of ['UK', 'EU', 'UN', 'AC', 'TA', 'IC', 'EA', 'DG', 'CP', 'ZZ']) {
      expect(Object.hasOwn(COUNTRIES, code)).toBe(false);
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
    expect(Object.isFrozen(COUNTRIES.NG)).toBe(true);
    expect(Object.isFrozen(COUNTRY_NAMES)).toBe(true);
  });

  it('finds every country back by its own name', () => {
    for (const { code, name } of Object.values(COUNTRIES)) {
      expect(countryCodeByName(name)).toBe(code);
    }
  });

  it('has aliases that point at real codes and never shadow another country', () => {
    for (const [alias, code] of Object.entries(COUNTRY_NAME_ALIASES)) {
      expect(Object.hasOwn(COUNTRIES, code)).toBe(true);
      expect(countryCodeByName(alias)).toBe(code);
    }
  });
});

describe('LANGUAGE_CODES', () => {
  it('holds the 183 ISO 639-1 codes in use, sorted and distinct', () => {
    expect(LANGUAGE_CODES).toHaveLength(183);
    expect(new Set(LANGUAGE_CODES).size).toBe(183);
    expect([...LANGUAGE_CODES]).toEqual([...LANGUAGE_CODES].sort());
    for (const code of LANGUAGE_CODES) expect(code).toMatch(/^[a-z]{2}$/);
  });

  it('includes common languages and leaves out deprecated codes', () => {
    for (const code of ['en', 'fr', 'ar', 'hi', 'yo', 'ig', 'ha', 'sw', 'zh', 'he']) {
      expect(LANGUAGE_CODES).toContain(code);
    }
    for (const code of ['iw', 'in', 'ji', 'mo', 'sh', 'bh']) {
      expect(LANGUAGE_CODES).not.toContain(code);
    }
  });
});
