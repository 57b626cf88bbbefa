import { randomUUID } from 'node:crypto';
import { asViewer, queryTestDatabase, serviceUnderTest } from '@daybreak/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startPosts } from './posts-under-test';
import { referenceFeed } from './reference-feed';

/**
 * The feed is one SQL statement that writes its JSON in Postgres (PostJsonQuery). It must answer
 * exactly what the entity-and-mapper path answered before, on the same data: every page, every
 * viewer, one author's pages and single posts.
 */
describe('posts: the single-statement feed answers what the entity path answered (real Postgres)', () => {
  const service = serviceUnderTest(() => startPosts());
  const [ana, ben, cara, ghost] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const viewers = [null, ana, ben, cara, randomUUID()];

  beforeAll(() => seed());

  const api = () => request(service().url);
  const create = async (author: string, body: Record<string, unknown>): Promise<string> =>
    (
      await api()
        .post('/posts')
        .set(asViewer('posts', author))
        .send({ timezone: 'UTC', ...body })
        .expect(201)
    ).body.id;

  /**
   * Posts with 0, 1 and 5 comments (by known and unknown authors), likes from several viewers, a
   * photo, deleted posts, an author the read model lacks, and two posts on one instant (the id
   * breaks the tie) with microseconds that must be truncated as a JavaScript Date truncates them.
   */
  async function seed() {
    await queryTestDatabase(
      `INSERT INTO posts.authors (user_id, first_name, last_name, profile_name, profile_image_url, source_updated_at)
       VALUES ($1, 'Ana', 'Alves', 'ana', '/objects/ana.webp', now()), ($2, 'Ben', NULL, NULL, NULL, now()),
              ($3, NULL, NULL, 'cara "c" \\ o''brien', NULL, now())`,
      [ana, ben, cara],
    );
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      const author = [ana, ben, cara, ghost][i % 4];
      const id = await create(author, {
        content: `post ${i} ✨ "quoted" \\ line\nbreak`,
        ...(i % 5 === 0 ? { imageUrl: `/objects/photo-${i}.webp` } : {}),
      });
      ids.push(id);
      const comments = [0, 1, 5][i % 3];
      for (let c = 0; c < comments; c++) {
        const commenter = [ben, ghost, cara, ana][c % 4];
        await api()
          .post(`/posts/${id}/comments`)
          .set(asViewer('posts', commenter))
          .send({ content: `c${c}` })
          .expect(201);
      }
      for (const liker of [ana, ben, cara].slice(0, i % 4))
        await api().post(`/posts/${id}/like`).set(asViewer('posts', liker)).expect(200);
    }
    for (const id of [ids[3], ids[8]]) {
      const [{ author_id }] = await queryTestDatabase<{ author_id: string }>(
        `SELECT author_id FROM posts.posts WHERE id = $1`,
        [id],
      );
      await api().delete(`/posts/${id}`).set(asViewer('posts', author_id)).expect(204);
    }
    const tied = '2026-01-05 05:00:00.123999+00';
    for (const author of [ana, ghost])
      await queryTestDatabase(
        `INSERT INTO posts.posts (author_id, content, timezone, sent_timezone, time_classification, created_at, updated_at)
         VALUES ($1, 'same instant', 'Europe/Berlin', 'Europe/Berlin', '6am', $2, $2)`,
        [author, tied],
      );
  }

  const reference = (page: { limit: number; offset: number; authorId?: string }, viewer: string | null) =>
    referenceFeed(service().app.get(DataSource), page, viewer);

  it('pages everyone’s posts for every viewer, page after page, as the reference does', async () => {
    let compared = 0;
    for (const viewer of viewers) {
      for (const [limit, offset] of [
        [10, 0],
        [10, 10],
        [3, 0],
        [3, 3],
        [1, 7],
        [50, 0],
        [10, 1000],
      ]) {
        const { body } = await api()
          .get(`/posts?limit=${limit}&offset=${offset}`)
          .set(asViewer('posts', viewer))
          .expect('content-type', /application\/json/)
          .expect(200);
        expect(body).toEqual(await reference({ limit, offset }, viewer));
        compared += body.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("pages one author's posts as the reference does, an unknown author's too", async () => {
    for (const authorId of [ana, ghost, randomUUID()])
      for (const viewer of [null, ben])
        for (const offset of [0, 2]) {
          const { body } = await api()
            .get(`/posts?limit=2&offset=${offset}&authorId=${authorId}`)
            .set(asViewer('posts', viewer))
            .expect(200);
          expect(body).toEqual(await reference({ limit: 2, offset, authorId }, viewer));
        }
  });

  it('answers one post as its entry on the feed', async () => {
    const everything = await reference({ limit: 50, offset: 0 }, ben);
    expect(everything.length).toBeGreaterThan(10);
    for (const post of everything) {
      const { body } = await api().get(`/posts/${post.id}`).set(asViewer('posts', ben)).expect(200);
      expect(body).toEqual(post);
    }
  });

  it('answers a new post as the reference shows it', async () => {
    const { body } = await api()
      .post('/posts')
      .set(asViewer('posts', ana))
      .send({ content: 'fresh', timezone: 'Asia/Tokyo', imageUrl: '/objects/new.webp' })
      .expect(201);
    const [newest] = await reference({ limit: 1, offset: 0 }, ana);
    expect(body).toEqual(newest);
    expect(body).toMatchObject({
      content: 'fresh',
      isLiked: false,
      comments: [],
      user: { firstName: 'Ana' },
    });
  });
});
