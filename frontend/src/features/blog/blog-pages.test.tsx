import { blogArticles, findBlogArticle } from '@daybreak/content';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '@/lib/analytics';
import { guestRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';
import { ArticleBody } from './article-body-view';

vi.mock('@/lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/analytics')>()),
  trackEvent: vi.fn(),
}));

const article = findBlogArticle('why-5am-health-success')!;

describe('blog list /blog', () => {
  it('shows RISE & LEARN and the three community figures', async () => {
    renderApp('/blog', guestRoutes);

    expect(await screen.findByTestId('blog-heading')).toHaveTextContent('RISE & LEARN');
    const stats = screen
      .getAllByTestId('blog-stat')
      .map((stat) => [stat.querySelector('dd')?.textContent, stat.querySelector('dt')?.textContent]);
    expect(stats).toEqual([
      ['92%', 'Higher productivity'],
      ['73%', 'Better mental health'],
      ['10K+', 'Active early risers'],
    ]);
  });

  it('shows a card per article with category, read time, title, excerpt, three stats, date and Read More', async () => {
    renderApp('/blog', guestRoutes);

    const cards = await screen.findAllByTestId('blog-article-card');
    expect(cards).toHaveLength(blogArticles.length);
    cards.forEach((element, index) => {
      const expected = blogArticles[index]!;
      const card = within(element);
      expect(card.getByTestId('article-category')).toHaveTextContent(expected.category);
      expect(card.getByTestId('article-read-time')).toHaveTextContent(`${expected.readTime} min read`);
      expect(card.getByTestId('article-title')).toHaveTextContent(expected.title);
      expect(card.getByTestId('article-excerpt')).toHaveTextContent(expected.excerpt);
      expect(card.getAllByTestId('article-stat')).toHaveLength(3);
      expect(card.getByTestId('article-date')).toHaveAttribute('datetime', expected.date);
      expect(card.getByTestId('read-more')).toHaveAttribute('href', `/blog/${expected.id}`);
    });
    expect(within(cards[0]!).getByTestId('article-date')).toHaveTextContent('September 8, 2026');
  });

  it('opens the article from Read More', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/blog', guestRoutes);

    await user.click((await screen.findAllByTestId('read-more'))[1]!);

    expect(
      await screen.findByRole('heading', { level: 1, name: blogArticles[1]!.title }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/blog/${blogArticles[1]!.id}`);
  });

  it('invites guests to join through the login path and to explore the community feed', async () => {
    renderApp('/blog', guestRoutes);

    expect(await screen.findByTestId('explore-community')).toHaveAttribute('href', '/');
    // A link, so it signs in from a server-rendered page before the scripts have run.
    expect(screen.getByTestId('blog-join-button')).toHaveAttribute('href', '/api/login?returnTo=%2F');
  });
});

describe('blog article /blog/{id}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every element of the article', async () => {
    renderApp(`/blog/${article.id}`, guestRoutes);

    expect(await screen.findByTestId('article-title')).toHaveTextContent(article.title);
    expect(screen.getByTestId('blog-back-link')).toHaveAttribute('href', '/blog');
    expect(screen.getByTestId('article-category')).toHaveTextContent(article.category);
    expect(screen.getByTestId('article-date')).toHaveTextContent('September 8, 2026');
    expect(screen.getByTestId('article-read-time')).toHaveTextContent(`${article.readTime} min read`);
    expect(screen.getByTestId('article-author')).toHaveTextContent(article.author);
    expect(screen.getByTestId('share-button')).toHaveTextContent('Share');
    const stats = screen.getAllByTestId('article-stat');
    expect(stats).toHaveLength(3);
    expect(stats[0]).toHaveTextContent(article.stats[0].value);
    expect(stats[0]).toHaveTextContent(article.stats[0].description);
    const takeaways = within(screen.getByTestId('key-takeaways'));
    expect(takeaways.getByRole('heading')).toHaveTextContent('Key Takeaways');
    expect(takeaways.getAllByRole('listitem')).toHaveLength(article.keyTakeaways.length);
    const references = screen.getByTestId('research-references');
    expect(within(references).getByRole('heading')).toHaveTextContent('Research References');
    expect(references.querySelector('ol')).not.toBeNull();
    expect(
      within(references)
        .getAllByTestId('reference')
        .map((item) => item.textContent),
    ).toEqual(article.references);
    expect(screen.getByTestId('blog-join-button')).toHaveTextContent('JOIN DAYBREAK');
  });

  it('renders the body markers as headings, bold lines and bullets', async () => {
    renderApp(`/blog/${article.id}`, guestRoutes);

    const body = within(await screen.findByTestId('article-body'));
    const headings = body.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toContain('How to make 5 AM last');
    expect(headings).toHaveLength(article.content.match(/^## /gm)!.length);
    expect(body.getByText('An early alarm only helps if you go to bed early too.')).toHaveClass('font-bold');
    expect(body.getByRole('list').querySelectorAll('li')).toHaveLength(6);
    expect(screen.getByTestId('article-body').textContent).not.toMatch(/\*\*|^## |^- /m);
  });

  it("shows 'Post not found' for an unknown id", async () => {
    renderApp('/blog/no-such-article', guestRoutes);

    expect(await screen.findByTestId('post-not-found')).toHaveTextContent('Post not found');
    expect(screen.getByTestId('blog-back-link')).toHaveAttribute('href', '/blog');
  });

  it("copies the article link when there is no share sheet: 'Link copied to clipboard!'", async () => {
    vi.mocked(trackEvent).mockClear();
    const user = userEvent.setup();
    renderApp(`/blog/${article.id}`, guestRoutes);

    await user.click(await screen.findByTestId('share-button'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Link copied to clipboard!');
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/blog/${article.id}`,
    );
    expect(trackEvent).toHaveBeenCalledWith('share', {
      content_type: 'article',
      article_id: article.id,
      method: 'copied',
    });
  });

  it('opens the native share sheet when the browser has one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    const user = userEvent.setup();
    renderApp(`/blog/${article.id}`, guestRoutes);

    await user.click(await screen.findByTestId('share-button'));

    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        url: `${window.location.origin}/blog/${article.id}`,
        title: article.title,
        text: article.excerpt,
      }),
    );
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});

describe('ArticleBody', () => {
  it('shows markup in the text as text, never as HTML', () => {
    const { container } = render(<ArticleBody content={'<img src="x" onerror="alert(1)">'} />);

    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src="x" onerror="alert(1)">');
  });
});
