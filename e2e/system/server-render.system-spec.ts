import { randomUUID } from 'node:crypto';
import { waitFor } from '@daybreak/testing';
import { member, type Member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/**
 * The gateway's server render (ADR 0032) as a browser without JavaScript gets it: a member's page is
 * theirs alone and never kept; a guest's is kept, and dropped when the feed changes.
 */
describe('server-rendered pages', () => {
  const { baseUrl } = stackEnv();

  /** The page's HTML and caching header, as a member (their cookie) or a guest (none). */
  async function page(path: string, viewer?: Member) {
    const response = await fetch(`${baseUrl}${path}`, { headers: viewer ? { cookie: viewer.cookie } : {} });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root" data-server-rendered>');
    return { html, cacheControl: response.headers.get('cache-control') };
  }

  /** Whether the page's data says the viewer likes the post. */
  const likedIn = (html: string, postId: string) =>
    new RegExp(`"id":"${postId}"[^{}]*"isLiked":true`).test(html) ||
    new RegExp(`"isLiked":true[^{}]*"id":"${postId}"`).test(html);

  it("gives each member their own page, never kept or shown to another, and guests a page without anyone's data", async () => {
    const ana = await member(baseUrl, `Ana${randomUUID().slice(0, 6)}`);
    const ben = await member(baseUrl, `Ben${randomUUID().slice(0, 6)}`);
    const created = await ana.post({ content: `Rendered for each viewer ${randomUUID()}` });
    expect(created.status).toBe(201);
    const postId = created.body.post.id;
    expect((await ben.like(postId)).status).toBe(200);

    for (const path of ['/', `/post/${postId}`]) {
      // Each twice, interleaved: a copy of one viewer's page would show in the next viewer's read.
      for (let round = 0; round < 2; round += 1) {
        const forAna = await page(path, ana);
        const forBen = await page(path, ben);
        const forGuest = await page(path);

        expect(forAna.cacheControl).toBe('private, no-store');
        expect(forBen.cacheControl).toBe('private, no-store');
        expect(forGuest.cacheControl).toBe('no-cache');

        expect(forAna.html).toContain(ana.identity.email);
        expect(forAna.html).not.toContain(ben.identity.email);
        expect(forBen.html).toContain(ben.identity.email);
        expect(forBen.html).not.toContain(ana.identity.email);
        expect(forGuest.html).not.toContain(ana.identity.email);
        expect(forGuest.html).not.toContain(ben.identity.email);

        // Ben likes the post; neither Ana nor a guest sees it as liked.
        expect(likedIn(forBen.html, postId)).toBe(true);
        expect(likedIn(forAna.html, postId)).toBe(false);
        expect(likedIn(forGuest.html, postId)).toBe(false);
      }
    }
  });

  it("drops the guests' copy of the home page when a post is made, well before the copy's time bound", async () => {
    const ana = await member(baseUrl, `Cleo${randomUUID().slice(0, 6)}`);
    const text = `A new morning for guests ${randomUUID()}`;
    // Twice: the second read is the kept copy.
    expect((await page('/')).html).not.toContain(text);
    expect((await page('/')).html).not.toContain(text);

    expect((await ana.post({ content: text })).status).toBe(201);

    // Under the copies' 5 s bound (server-rendered-pages.ts): the posts service's version message drops it.
    await waitFor(async () => (await page('/')).html.includes(text), {
      timeoutMs: 2_000,
      description: 'the new post on the guests’ home page',
    });
  });
});
