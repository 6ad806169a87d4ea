import { describe, expect, it } from 'vitest';
import { normalizePath, pathSegments, routeSegments } from '../../src/rules/paths';

describe('pathSegments', () => {
  it.each([
    ['/', []],
    ['', []],
    ['   ', []],
    ['///', []],
    ['/a/b', ['a', 'b']],
    ['a/b', ['a', 'b']],
    ['/a//b/', ['a', 'b']],
    ['/a/b?x=/c/d', ['a', 'b']],
    ['/a/b#/c', ['a', 'b']],
    ['/a?x#y', ['a']],
    ['?x=1', []],
    ['/a\\b', ['a', 'b']],
    ['/a/./b', ['a', 'b']],
    ['/a/b/../c', ['a', 'c']],
    ['/../../a', ['a']],
    ['/Blog/My-Post', ['Blog', 'My-Post']],
    ['/a%2Fb', ['a%2Fb']],
  ])('%j -> %j', (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
  });

  it('gives no segments for null and undefined', () => {
    expect(pathSegments(null)).toEqual([]);
    expect(pathSegments(undefined)).toEqual([]);
  });
});

describe('routeSegments and normalizePath', () => {
  it('lower-cases segments for route matching only', () => {
    expect(routeSegments('/Blog/My-Post/')).toEqual(['blog', 'my-post']);
  });

  it.each([
    ['', '/'],
    ['/', '/'],
    ['profile/', '/profile'],
    ['//matches//12/?a#b', '/matches/12'],
    ['/Account/Login', '/Account/Login'],
  ])('%j normalises to %j', (path, normal) => {
    expect(normalizePath(path)).toBe(normal);
  });
});
