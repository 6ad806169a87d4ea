import { RELIGIONS_WITH_PAGES } from '../constants';
import { routeSegments } from './paths';

/** One `<meta>` tag: Open Graph tags use `property`, the description and Twitter tags use `name`. */
export interface MetaTag {
  readonly attribute: 'name' | 'property';
  readonly key: string;
  readonly content: string;
}

export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly tags: readonly MetaTag[];
}

const TITLE = 'Matchmaker | Traditional Matchmaking for People of Faith';
const DESCRIPTION =
  'Matchmaker is a traditional matchmaking and marriage-partner service for people of faith. ' +
  'Create your profile, receive match recommendations and meet singles who share your values.';

const DEFAULT_TAGS: readonly MetaTag[] = [
  { attribute: 'name', key: 'description', content: DESCRIPTION },
  { attribute: 'property', key: 'og:title', content: TITLE },
  { attribute: 'property', key: 'og:description', content: DESCRIPTION },
  { attribute: 'property', key: 'og:type', content: 'website' },
  { attribute: 'property', key: 'og:site_name', content: 'Matchmaker' },
  { attribute: 'property', key: 'og:locale', content: 'en_US' },
  { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
  { attribute: 'name', key: 'twitter:title', content: TITLE },
  { attribute: 'name', key: 'twitter:description', content: DESCRIPTION },
];

/**
 * The title, description and share tags every page gets unless it sets its own (SPEC.md section 2).
 * Frozen because it is shared by every caller of `pageMeta`.
 */
export const DEFAULT_PAGE_META: PageMeta = Object.freeze({
  title: TITLE,
  description: DESCRIPTION,
  tags: Object.freeze(DEFAULT_TAGS.map((tag) => Object.freeze({ ...tag }))),
});

const RELIGIONS: ReadonlySet<string> = new Set(RELIGIONS_WITH_PAGES);

/** Religion pages set their own metadata: exactly 4 segments, the second a religion with pages. */
export function isReligionPage(path: string | null | undefined): boolean {
  const segments = routeSegments(path);
  return segments.length === 4 && RELIGIONS.has(segments[1] ?? '');
}

/**
 * Blog posts set their own metadata. "Under /blog/" means at least one segment after 'blog': the
 * blog index itself ('/blog', '/blog/') is an ordinary page and keeps the defaults.
 */
export function isBlogPage(path: string | null | undefined): boolean {
  const segments = routeSegments(path);
  return segments.length >= 2 && segments[0] === 'blog';
}

export function usesDefaultMeta(path: string | null | undefined): boolean {
  return !isBlogPage(path) && !isReligionPage(path);
}

/** The metadata to apply on `path`, or null where the page provides its own. */
export function pageMeta(path: string | null | undefined): PageMeta | null {
  return usesDefaultMeta(path) ? DEFAULT_PAGE_META : null;
}
