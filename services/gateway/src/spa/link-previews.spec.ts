import { blogArticles, type HeadTag } from '@daybreak/content';
import type { Post } from '@daybreak/contracts';
import { HttpException } from '@nestjs/common';
import type { GatewayConfig } from '../config';
import type { PostsClient } from '../downstream/posts.client';
import { LinkPreviews } from './link-previews';

const POST_ID = '3f1c2b8e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';
const post = {
  id: POST_ID,
  content: 'x'.repeat(140),
  imageUrl: `/objects/7d9e1c2b-aaaa-4bbb-8ccc-0123456789ab`,
  user: { id: 'u1', firstName: 'Ana', lastName: 'Early', profileName: null, profileImageUrl: null },
} as Post;

function previews(findOne: PostsClient['findOne']) {
  const posts = { findOne: jest.fn(findOne) } as unknown as PostsClient;
  const config = { PUBLIC_URL: 'https://daybreak.example/' } as GatewayConfig;
  const previews = new LinkPreviews(posts, config);
  const service = {
    headFor: (path: string) => previews.headFor(path),
    tagsFor: async (path: string) => (await previews.headFor(path)).tags,
  };
  return { service, findOne: posts.findOne as jest.Mock };
}

const content = (tags: HeadTag[], key: string) => {
  const found = tags.find((tag) => tag.tag === 'meta' && ('name' in tag ? tag.name : tag.property) === key);
  return found?.tag === 'meta' ? found.content : undefined;
};

describe('LinkPreviews', () => {
  it('previews a post (and its shared link) with its first 100 characters and its photo variant', async () => {
    const { service, findOne } = previews(async () => post);

    for (const path of [`/post/${POST_ID}`, `/share/post/${POST_ID}`]) {
      const tags = await service.tagsFor(path);
      expect(tags[0]).toEqual({ tag: 'title', text: 'Ana Early on Daybreak' });
      expect(content(tags, 'og:description')).toBe('x'.repeat(100));
      expect(content(tags, 'og:image')).toBe(`https://daybreak.example${post.imageUrl}?format=jpeg&w=1280`);
      expect(content(tags, 'twitter:card')).toBe('summary_large_image');
      expect(content(tags, 'og:url')).toBe(`https://daybreak.example/post/${POST_ID}`);
    }
    expect(findOne).toHaveBeenCalledWith(null, POST_ID); // as a guest
  });

  it('gives a missing post, a failing service or a malformed id the site tags, never an error', async () => {
    const missing = previews(async () => {
      throw new HttpException('Post not found', 404);
    });
    const failing = previews(async () => {
      throw new HttpException('Service temporarily unavailable', 503);
    });
    for (const { service } of [missing, failing]) {
      const tags = await service.tagsFor(`/post/${POST_ID}`);
      expect(tags[0]).toEqual({ tag: 'title', text: 'Daybreak' });
      expect(content(tags, 'og:image')).toBe('https://daybreak.example/og-image.png');
    }
    const malformed = previews(async () => post);
    for (const path of ['/post/not-a-uuid', '/post/%E0%A4%A']) {
      expect((await malformed.service.tagsFor(path))[0]).toEqual({ tag: 'title', text: 'Daybreak' });
    }
    expect(malformed.findOne).not.toHaveBeenCalled();
  });

  it('gives blog articles their article details and fixed screens their own tags', async () => {
    const { service } = previews(async () => post);
    const article = blogArticles[0];

    const tags = await service.tagsFor(`/blog/${article.id}`);
    expect(tags[0]).toEqual({ tag: 'title', text: `${article.title} | Daybreak Blog` });
    expect(content(tags, 'og:type')).toBe('article');
    expect(content(tags, 'article:published_time')).toBe(article.date);
    expect(content(tags, 'article:section')).toBe(article.category);
    expect(
      tags.filter((tag) => tag.tag === 'meta' && 'property' in tag && tag.property === 'article:tag'),
    ).toHaveLength(article.tags.length);

    expect((await service.tagsFor('/landing'))[0]).toEqual({
      tag: 'title',
      text: 'Daybreak: Chase your dreams before the world wakes up',
    });
    expect(await service.tagsFor('/landing/')).toEqual(await service.tagsFor('/landing'));
    expect(content(await service.tagsFor('/blog/unknown'), 'robots')).toBe('noindex');
    expect(content(await service.tagsFor('/notifications'), 'robots')).toBe('noindex');
  });

  it('says a page is missing where posts answers a guest 404, the id is no post id or the article is unknown', async () => {
    const missing = (path: string, findOne: PostsClient['findOne']) =>
      previews(findOne)
        .service.headFor(path)
        .then((head) => head.missing);
    const notFound = async (): Promise<Post> => {
      // Never written, deleted, hidden by moderation or its author's account deleted: all one 404.
      throw new HttpException('Post not found', 404);
    };
    const existing = async () => post;
    for (const path of [`/post/${POST_ID}`, `/share/post/${POST_ID}`])
      expect(await missing(path, notFound)).toBe(true);
    for (const path of ['/post/not-a-uuid', '/post/%E0%A4%A', '/blog/unknown', '/blog/%E0%A4%A'])
      expect({ path, missing: await missing(path, existing) }).toEqual({ path, missing: true });
    for (const path of [`/post/${POST_ID}`, `/blog/${blogArticles[0].id}`, '/landing', '/nothing-here'])
      expect({ path, missing: await missing(path, existing) }).toEqual({ path, missing: false });
  });

  it('does not call a post missing when its read fails or takes too long: it may well exist', async () => {
    const failing = previews(async () => {
      throw new HttpException('Service temporarily unavailable', 503);
    });
    expect((await failing.service.headFor(`/post/${POST_ID}`)).missing).toBe(false);
    jest.useFakeTimers();
    try {
      const slow = previews(() => new Promise<Post>(() => undefined));
      const head = slow.service.headFor(`/post/${POST_ID}`);
      await jest.advanceTimersByTimeAsync(2000);
      const { tags, missing } = await head;
      expect(missing).toBe(false);
      expect(tags[0]).toEqual({ tag: 'title', text: 'Daybreak' });
    } finally {
      jest.useRealTimers();
    }
  });

  it("names a post's photo as its screen first asks for it, and no image for any other page", async () => {
    const { service } = previews(async () => post);
    for (const path of [`/post/${POST_ID}`, `/share/post/${POST_ID}`]) {
      expect((await service.headFor(path)).images).toEqual([`${post.imageUrl}?format=webp&w=640`]);
    }
    const withoutPhoto = previews(async () => ({ ...post, imageUrl: null }));
    expect((await withoutPhoto.service.headFor(`/post/${POST_ID}`)).images).toEqual([]);
    const missing = previews(async () => {
      throw new HttpException('Post not found', 404);
    });
    expect((await missing.service.headFor(`/post/${POST_ID}`)).images).toEqual([]);
    for (const path of ['/', '/landing', `/blog/${blogArticles[0].id}`, '/profile']) {
      expect((await service.headFor(path)).images).toEqual([]);
    }
  });
});
