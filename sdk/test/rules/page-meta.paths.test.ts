import { describe, expect, it } from 'vitest';
import { RELIGIONS_WITH_PAGES } from '../../src/constants';
import {
  DEFAULT_PAGE_META,
  isBlogPage,
  isReligionPage,
  pageMeta,
  usesDefaultMeta,
} from '../../src/rules/page-meta';

describe('isReligionPage', () => {
  it.each(RELIGIONS_WITH_PAGES)('is true for a 4-segment %s page', (religion) => {
    expect(isReligionPage(`/singles/${religion}/nigeria/lagos`)).toBe(true);
    expect(usesDefaultMeta(`/singles/${religion}/nigeria/lagos`)).toBe(false);
    expect(pageMeta(`/singles/${religion}/nigeria/lagos`)).toBeNull();
  });

  it('covers the five religions of SPEC.md', () => {
    expect([...RELIGIONS_WITH_PAGES]).toEqual(['muslim', 'hindu', 'christian', 'mormon', 'jew']);
  });

  it.each([
    ['/singles/muslim/nigeria', false], // 3 segments
    ['/singles/muslim/nigeria/lagos/ikeja', false], // 5 segments
    ['/singles/muslim/nigeria/lagos/', true], // trailing slash
    ['singles/muslim/nigeria/lagos', true], // no leading slash
    ['/singles/muslim/nigeria/lagos?page=2#top', true],
    ['//singles//muslim/nigeria/lagos', true],
    ['/singles/Muslim/nigeria/lagos', true], // case of the segment
    ['/muslim/singles/nigeria/lagos', false], // religion in the first segment
    ['/singles/nigeria/muslim/lagos', false], // religion in the third segment
    ['/singles/buddhist/nigeria/lagos', false],
    ['/singles/muslims/nigeria/lagos', false],
    ['/singles/jewish/nigeria/lagos', false],
    ['/', false],
  ])('%j -> %s', (path, religionPage) => {
    expect(isReligionPage(path)).toBe(religionPage);
  });
});

describe('blog pages', () => {
  it.each([
    ['/blog', false],
    ['/blog/', false],
    ['/blog?tag=faith', false],
    ['/blog/post', true],
    ['/blog/post/', true],
    ['/blog/2024/05/post', true],
    ['/Blog/Post', true],
    ['blog/post', true],
    ['/blogs/post', false],
    ['/news/blog/post', false],
  ])('%j under /blog/: %s', (path, blog) => {
    expect(isBlogPage(path)).toBe(blog);
    expect(usesDefaultMeta(path)).toBe(!blog);
  });

  it('takes a 4-segment blog path as a blog page whatever its second segment', () => {
    expect(usesDefaultMeta('/blog/muslim/a/b')).toBe(false);
    expect(isBlogPage('/blog/muslim/a/b')).toBe(true);
  });
});

describe('pageMeta', () => {
  it.each(['/', '', '/account/login', '/profile', '/matches/12', '/admin', '/no-such-page', '/blog'])(
    'applies the defaults on %j',
    (path) => {
      expect(usesDefaultMeta(path)).toBe(true);
      expect(pageMeta(path)).toBe(DEFAULT_PAGE_META);
    },
  );

  it('is null on blog posts', () => {
    expect(pageMeta('/blog/how-we-match')).toBeNull();
  });
});

describe('DEFAULT_PAGE_META', () => {
  const tag = (key: string) => DEFAULT_PAGE_META.tags.find((t) => t.key === key);

  it('describes a traditional matchmaking service for people of faith', () => {
    expect(DEFAULT_PAGE_META.title).toBe('Matchmaker | Traditional Matchmaking for People of Faith');
    expect(DEFAULT_PAGE_META.description).toMatch(/traditional matchmaking/i);
    expect(DEFAULT_PAGE_META.description).toMatch(/people of faith/i);
  });

  it('has the description and share tags with the right attribute', () => {
    expect(tag('description')).toEqual({
      attribute: 'name',
      key: 'description',
      content: DEFAULT_PAGE_META.description,
    });
    expect(tag('og:title')).toEqual({
      attribute: 'property',
      key: 'og:title',
      content: DEFAULT_PAGE_META.title,
    });
    expect(tag('og:description')?.content).toBe(DEFAULT_PAGE_META.description);
    expect(tag('og:type')).toEqual({ attribute: 'property', key: 'og:type', content: 'website' });
    expect(tag('twitter:card')).toEqual({
      attribute: 'name',
      key: 'twitter:card',
      content: 'summary_large_image',
    });
    expect(tag('twitter:title')?.content).toBe(DEFAULT_PAGE_META.title);
    expect(tag('twitter:description')?.content).toBe(DEFAULT_PAGE_META.description);
  });

  it('uses property for Open Graph tags and name for the others, each key once', () => {
    const keys = DEFAULT_PAGE_META.tags.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of DEFAULT_PAGE_META.tags) {
      expect(t.attribute).toBe(t.key.startsWith('og:') ? 'property' : 'name');
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(DEFAULT_PAGE_META)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PAGE_META.tags)).toBe(true);
    expect(DEFAULT_PAGE_META.tags.every((t) => Object.isFrozen(t))).toBe(true);
  });
});
