import { readFileSync } from 'node:fs';
import { RELIGIONS_WITH_PAGES } from '@matchmaker/sdk/rules';
import { describe, expect, it } from 'vitest';
import { AREA_ROUTES } from '../../src/app/routes';
import {
  AREA_SCREENS,
  joinPattern,
  privateAreaPaths,
  publicPagePaths,
  routeManifest,
} from '../../src/config/route-patterns';
import { sources } from '../harness/source-files';

describe('the route table', () => {
  it('has the same areas as the app routes', () => {
    const paths = (list: readonly { path: string }[]) => list.map((area) => area.path).sort();
    expect(paths(AREA_SCREENS)).toEqual(paths(AREA_ROUTES));
  });

  it('is where every <Route> takes its pattern from (no pattern written in a feature)', () => {
    const literal = /<Route\s+path=["'`]/;
    const offenders = sources().filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('joins an area path and a screen pattern as wouter nests them', () => {
    expect(joinPattern('/', '/')).toBe('/');
    expect(joinPattern('/', '/faith/:religion/marriage/singles')).toBe('/faith/:religion/marriage/singles');
    expect(joinPattern('/admin', '/')).toBe('/admin');
    expect(joinPattern('/admin', '/users/:id')).toBe('/admin/users/:id');
  });
});

describe('routeManifest', () => {
  const { routes } = routeManifest();
  const patterns = routes.map((route) => route.pattern);

  it('lists every screen of every area once, match-requests with the messaging screens', () => {
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/account/login',
        '/account/social-callback',
        '/profile',
        '/profile/photos',
        '/matches/members/:id',
        '/messages',
        '/messages/:room',
        '/match-requests',
        '/match-requests/:room',
        '/admin',
        '/admin/kyc/:userId/:requestId',
        '/admin/users/new',
      ]),
    );
    // The account area has no page of its own at /account: the app shows not-found there.
    expect(patterns).not.toContain('/account');
  });

  it('limits the religion parameter to the religions with pages', () => {
    const religion = routes.find((route) => route.pattern === '/faith/:religion/marriage/singles');
    expect(religion?.values).toEqual({ religion: [...RELIGIONS_WITH_PAGES] });
    expect(routes.filter((route) => route.values).length).toBe(1);
  });
});

describe('search engine pages', () => {
  it('lists the landing page and each religion page', () => {
    expect(publicPagePaths()).toEqual([
      '/',
      ...RELIGIONS_WITH_PAGES.map((religion) => `/faith/${religion}/marriage/singles`),
    ]);
  });

  it('keeps search engines out of the member and admin areas', () => {
    expect(privateAreaPaths()).toEqual([
      '/profile',
      '/payments',
      '/notifications',
      '/preferences',
      '/matches',
      '/messages',
      '/match-requests',
      '/admin',
    ]);
  });
});
