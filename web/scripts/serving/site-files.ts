/**
 * robots.txt and sitemap.xml, real files of the build: search engines get the public pages (the
 * public area, parameters filled from the route data) and are asked to leave member and admin
 * pages alone, which show nothing without a session anyway.
 */

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(siteUrl: string, privatePaths: readonly string[]): string {
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
