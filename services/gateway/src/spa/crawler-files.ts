import { sitemapPages } from '@daybreak/content';
import { escapeHtml } from './head-html';

/** Where crawlers may go: public pages yes; the API and members' own screens no (they need a session). */
const DISALLOWED = [
  '/api/',
  '/create-post',
  '/notifications',
  '/moderation',
  '/following',
  '/profile',
  '/invite/',
  '/test/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public marketing pages (landing, blog, its articles) with absolute URLs. */
export function sitemapXml(origin: string): string {
  const urls = sitemapPages().map(({ path, lastModified }) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(`${origin}${path}`)}</loc>`,
      ...(lastModified ? [`    <lastmod>${escapeHtml(lastModified)}</lastmod>`] : []),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
