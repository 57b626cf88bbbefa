import { waitFor } from '@daybreak/testing';
import sharp from 'sharp';
import { guest, member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** Spec §2: the three fixed articles. */
const ARTICLE_IDS = ['why-5am-health-success', 'fitness-tracker-complement', 'social-accountability-habits'];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]);

/**
 * The head of a page as a crawler reads it: no JavaScript, just the HTML the gateway answers, with
 * the status it answers (404 for a missing post or article).
 */
async function crawl(url: string, status = 200) {
  const response = await fetch(url, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key, decode(value)]),
    );
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => attributes(tag));
  const meta = (key: string) => {
    const found = metas.filter((m) => m.name === key || m.property === key);
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0]?.content;
  };
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  const canonicals = [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/g)].map(
    ([tag]) => attributes(tag).href,
  );
  expect(canonicals).toHaveLength(1);
  return {
    html,
    title: decode(titles[0][1]),
    canonical: canonicals[0],
    meta,
    all: (key: string) => metas.filter((m) => m.property === key).map((m) => m.content),
  };
}

type Page = Awaited<ReturnType<typeof crawl>>;

/** What every preview must carry: the same title and description in the page, Open Graph and the card. */
function expectPreview(
  page: Page,
  expected: { title: string; description: string; url: string; image: string },
) {
  expect(page.title).toBe(expected.title);
  expect(page.meta('description')).toBe(expected.description);
  expect(page.meta('keywords')).toBeTruthy();
  expect(page.canonical).toBe(expected.url);
  expect(page.meta('og:title')).toBe(expected.title);
  expect(page.meta('og:description')).toBe(expected.description);
  expect(page.meta('og:url')).toBe(expected.url);
  expect(page.meta('og:image')).toBe(expected.image);
  expect(page.meta('og:site_name')).toBe('Daybreak');
  expect(page.meta('twitter:card')).toBe('summary_large_image');
  expect(page.meta('twitter:title')).toBe(expected.title);
  expect(page.meta('twitter:description')).toBe(expected.description);
  expect(page.meta('twitter:image')).toBe(expected.image);
}

describe('link previews, robots.txt and sitemap.xml for crawlers', () => {
  const { baseUrl } = stackEnv();
  const defaultImage = `${baseUrl}/og-image.png`;

  it('serves /landing with its title, description, Open Graph and Twitter tags, and the default image', async () => {
    const page = await crawl(`${baseUrl}/landing`);

    expectPreview(page, {
      title: 'Daybreak: Chase your dreams before the world wakes up',
      description: page.meta('description')!,
      url: `${baseUrl}/landing`,
      image: defaultImage,
    });
    expect(page.meta('description')).toMatch(/early risers/);
    expect(page.meta('og:type')).toBe('website');
    const image = await fetch(defaultImage);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
  });

  it('serves each blog article with its article details', async () => {
    for (const id of ARTICLE_IDS) {
      const page = await crawl(`${baseUrl}/blog/${id}`);

      expectPreview(page, {
        title: page.title,
        description: page.meta('description')!,
        url: `${baseUrl}/blog/${id}`,
        image: defaultImage,
      });
      expect(page.title).toMatch(/^.{10,} \| Daybreak Blog$/);
      expect(page.meta('description')!.length).toBeGreaterThan(20);
      expect(page.meta('og:type')).toBe('article');
      expect(page.meta('article:author')).toBeTruthy();
      expect(page.meta('article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(page.meta('article:modified_time')).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(page.meta('article:section')).toBeTruthy();
      expect(page.all('article:tag').length).toBeGreaterThan(0);
    }
  });

  it("previews a post and its shared link with its first 100 characters and its photo's variant, escaped", async () => {
    const ana = await member(baseUrl, 'Ana');
    const content = `Sunrise <b>"bold"</b> & 'quoted' ${'— up before the sun, coffee in hand, '.repeat(4)}end`;
    expect(content.length).toBeGreaterThan(100);
    const photo = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer();
    const photoFile = new File([new Uint8Array(photo)], 'sunrise.jpg', { type: 'image/jpeg' });
    const created = await ana.post({ content, image: photoFile });
    expect(created.status).toBe(201);
    const { id, imageUrl } = created.body.post as { id: string; imageUrl: string };
    const expected = {
      title: 'Ana Early on Daybreak',
      description: content.slice(0, 100),
      url: `${baseUrl}/post/${id}`,
      image: `${baseUrl}${imageUrl}?format=jpeg&w=1280`,
    };

    // The author's name reaches the posts service's read model by event; wait until the preview has it.
    const page = await waitFor(
      async () => {
        const crawled = await crawl(`${baseUrl}/post/${id}`);
        return crawled.title === expected.title ? crawled : undefined;
      },
      { description: "the post's preview with its author" },
    );
    const shared = await crawl(`${baseUrl}/share/post/${id}`);

    for (const preview of [page, shared]) {
      expectPreview(preview, expected);
      expect(preview.html).not.toContain('<b>');
      expect(preview.html).toContain('Sunrise &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; &#39;quoted&#39;');
    }
    const image = await fetch(expected.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('gives a missing post the site tags with a 404, and an unknown article its not-found tags with a 404', async () => {
    const page = await crawl(`${baseUrl}/post/00000000-0000-4000-8000-000000000000`, 404);

    expect(page.title).toBe('Daybreak');
    expect(page.meta('og:image')).toBe(defaultImage);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect((await guest(baseUrl).call('GET', '/post/not-a-uuid')).status).toBe(404);
    const article = await crawl(`${baseUrl}/blog/no-such-article`, 404);
    expect(article.meta('robots')).toBe('noindex');
  });

  it('serves robots.txt and a sitemap of the landing page, the blog and its articles', async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toContain('Disallow: /api/');
    expect(rules).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);

    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${baseUrl}/landing`,
      `${baseUrl}/blog`,
      ...ARTICLE_IDS.map((id) => `${baseUrl}/blog/${id}`),
    ]);
  });
});
