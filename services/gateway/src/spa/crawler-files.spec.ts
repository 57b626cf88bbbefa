import { blogArticles } from '@daybreak/content';
import { robotsTxt, sitemapXml } from './crawler-files';

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of the API and personal screens and points them to the sitemap', () => {
    const robots = robotsTxt('https://daybreak.example');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /notifications');
    expect(robots).not.toMatch(/Disallow: \/(landing|blog)/);
    expect(robots).toContain('Sitemap: https://daybreak.example/sitemap.xml');
  });

  it('lists the landing page, the blog and every article with absolute URLs', () => {
    const locations = [...sitemapXml('https://daybreak.example').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(locations).toEqual([
      'https://daybreak.example/landing',
      'https://daybreak.example/blog',
      ...blogArticles.map((article) => `https://daybreak.example/blog/${article.id}`),
    ]);
  });
});
