import { blogArticlePage, blogArticles, pages } from '@daybreak/content';
import { describe, expect, it } from 'vitest';
import { routeHead } from './page-head';

describe('routeHead', () => {
  it('gives a route its title, description, canonical link and preview tags on this origin', () => {
    const head = routeHead(pages.landing, 'https://daybreak.example');

    expect(head.meta).toContainEqual({ title: pages.landing.title });
    expect(head.meta).toContainEqual({ name: 'description', content: pages.landing.description });
    expect(head.meta).toContainEqual({
      property: 'og:image',
      content: 'https://daybreak.example/og-image.png',
    });
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://daybreak.example/landing' }]);
  });

  it("puts an article's tags in one article:tag, since the router keeps one tag per property", () => {
    const article = blogArticles[0];
    const head = routeHead(blogArticlePage(article), 'https://daybreak.example');

    const tags = head.meta.filter((entry) => 'property' in entry && entry.property === 'article:tag');
    expect(tags).toEqual([{ property: 'article:tag', content: article.tags.join(', ') }]);
    expect(head.meta).toContainEqual({ property: 'article:author', content: article.author });
  });
});
