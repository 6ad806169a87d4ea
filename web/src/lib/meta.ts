/**
 * Page metadata: the SDK decides the defaults and where they apply (`pageMeta`, which leaves blog
 * and religion pages alone); pages that set their own call `applyPageMeta` with theirs.
 */
import type { MetaTag, PageMeta } from '@matchmaker/sdk/rules';

const OWNED = 'data-matchmaker-meta';

function upsert(tag: MetaTag): void {
  const selector = `meta[${tag.attribute}="${CSS.escape(tag.key)}"]`;
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(tag.attribute, tag.key);
    element.setAttribute(OWNED, '');
    document.head.append(element);
  }
  element.content = tag.content;
}

export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  for (const tag of meta.tags) upsert(tag);
  upsert({ attribute: 'property', key: 'og:url', content: window.location.href });
}

/** A page's own metadata, with the share tags derived from its title and description. */
export function ownPageMeta(title: string, description: string): PageMeta {
  return {
    title,
    description,
    tags: [
      { attribute: 'name', key: 'description', content: description },
      { attribute: 'property', key: 'og:title', content: title },
      { attribute: 'property', key: 'og:description', content: description },
      { attribute: 'property', key: 'og:type', content: 'website' },
      { attribute: 'property', key: 'og:site_name', content: 'Matchmaker' },
      { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
      { attribute: 'name', key: 'twitter:title', content: title },
      { attribute: 'name', key: 'twitter:description', content: description },
    ],
  };
}
