import { blogArticles, findBlogArticle } from './articles';
import { blogArticleSummaries, findBlogArticleSummary } from './catalog';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** A common reading speed for web articles. */
const WORDS_PER_MINUTE = 200;

describe('blog articles', () => {
  it('are the three fixed articles of the spec, found by id', () => {
    expect(blogArticles.map((article) => article.id)).toEqual([
      'why-5am-health-success',
      'fitness-tracker-complement',
      'social-accountability-habits',
    ]);
    expect(findBlogArticle('fitness-tracker-complement')?.category).toBe('Fitness');
    expect(findBlogArticle('no-such-article')).toBeUndefined();
  });

  it('have summaries (for the list and the page metadata) that are the articles without their bodies', () => {
    expect(blogArticleSummaries.map((summary) => summary.id)).toEqual(
      blogArticles.map((article) => article.id),
    );
    for (const {
      keyTakeaways: _takeaways,
      references: _references,
      content: _content,
      ...summary
    } of blogArticles)
      expect(findBlogArticleSummary(summary.id)).toEqual(summary);
    expect(findBlogArticleSummary('no-such-article')).toBeUndefined();
  });

  describe.each(blogArticles.map((article) => [article.id, article] as const))('%s', (_id, article) => {
    it('has a substantial body (600+ words) with headings, bold lines and bullets', () => {
      expect(words(article.content)).toBeGreaterThanOrEqual(600);
      expect(article.content).toMatch(/^## \S/m);
      expect(article.content).toMatch(/^\*\*.+\*\*$/m);
      expect(article.content).toMatch(/^- \S/m);
    });

    it('states a read time that matches its length', () => {
      const minutes = words(article.content) / WORDS_PER_MINUTE;
      expect(Math.abs(article.readTime - minutes)).toBeLessThanOrEqual(1);
    });

    it('has no placeholder left and cites its sources', () => {
      const texts = [
        article.title,
        article.excerpt,
        article.content,
        ...article.keyTakeaways,
        ...article.references,
        ...article.stats.flatMap((stat) => [stat.label, stat.value, stat.description]),
      ];
      expect(texts.filter((text) => /TODO/.test(text) || text.trim() === '')).toEqual([]);
      expect(article.keyTakeaways.length).toBeGreaterThanOrEqual(3);
      // Each reference names a work, its venue and year: '… "Title." Venue, 2015.'
      for (const reference of article.references) expect(reference).toMatch(/"[^"]+\.?" .+, (19|20)\d\d\.$/);
    });

    it("cites, in each stat's description, the year of a work in its references", () => {
      const years = new Set(article.references.map((reference) => reference.match(/(\d{4})\.$/)?.[1]));
      for (const stat of article.stats) {
        const year = stat.description.match(/(\d{4})\)\.?$/)?.[1];
        expect(years).toContain(year);
      }
    });

    it('has publication dates in ISO form, modified no earlier than published', () => {
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.modified >= article.date).toBe(true);
    });
  });
});
