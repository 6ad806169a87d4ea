/**
 * The sticky header's height as `--header-height` on the page's root, for what must stay clear of
 * it (styles/base.css's `scroll-padding-top`, the sticky side panels). app/header.tsx keeps it
 * measured as the header changes; a scroll to a fragment sets it first, since the header may have
 * grown in the same frame (a member's links in two rows once the session is known), before its
 * observer has run.
 */
export function setHeaderHeight(header: HTMLElement | null = document.querySelector('.site-header')): void {
  if (header) document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`);
}

export function clearHeaderHeight(): void {
  document.documentElement.style.removeProperty('--header-height');
}
