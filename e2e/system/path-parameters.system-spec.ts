import { randomUUID } from 'node:crypto';
import { Member, member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/**
 * Every gateway route with a path parameter, as its controller declares it (posts, profile, media).
 * A new route with a path parameter belongs in this list.
 */
const ROUTES_WITH_PATH_PARAMETERS = [
  'GET /api/posts/:id',
  'DELETE /api/posts/:id',
  'POST /api/posts/:id/like',
  'GET /api/posts/:id/like-status',
  'GET /api/posts/:id/comments',
  'POST /api/posts/:id/comments',
  'DELETE /api/posts/:id/comments/:commentId',
  'GET /api/posts/:id/badges',
  'GET /api/profile/:userId/posts',
  'GET /api/profile/:userId/statistics',
  'GET /api/profile/:userId/badges',
  'GET /api/test/streak-calculation/:userId',
  'PUT /api/objects/uploads/:token',
  'GET /objects/:id',
  'GET /uploads/:id',
  'PUT /api/notifications/:id/read',
];

/**
 * As sent on the wire. The gateway decodes the encoded ones to `..`, `/`, `\` and NUL; put into a
 * downstream URL, a dot segment would resolve to another resource (e.g. `comments/..` to the post).
 */
const HOSTILE_SEGMENTS = ['..', '.', '%2e%2e', '%2f', '%5c', '%00'];

/** Issue #6: a client value in a path parameter can never steer the gateway's downstream URL. */
describe('path parameters the gateway passes on', () => {
  const { baseUrl } = stackEnv();

  /** The post with its comment and like, as its author sees it: what no attempt may change. */
  async function snapshot(ana: Member, postId: string) {
    const [post, comments] = await Promise.all([ana.readPost(postId), ana.commentsOf(postId)]);
    return {
      postStatus: post.status,
      likesCount: post.body.likesCount,
      commentsCount: post.body.commentsCount,
      comments: comments.body,
    };
  }

  it('refuses dot segments, slashes, backslashes and control characters on every route, changing nothing', async () => {
    const ana = await member(baseUrl, 'Ana');
    const created = await ana.post({ content: 'Still here' });
    expect(created.status).toBe(201);
    const postId: string = created.body.post.id;
    const comment = await ana.comment(postId, 'Me too');
    expect(comment.status).toBe(201);
    expect((await ana.like(postId)).status).toBe(200);
    const upload = await ana.uploadIntent();
    expect(upload.status).toBe(200);

    // The real value of each parameter; each attempt swaps one of them for a hostile segment.
    const realValues: Record<string, string> = {
      id: postId,
      commentId: comment.body.id,
      userId: ana.id,
      token: String(upload.body.uploadURL).split('/').pop() as string,
    };
    const before = await snapshot(ana, postId);
    expect(before).toMatchObject({ postStatus: 200, likesCount: 1, commentsCount: 1 });

    const attempts = ROUTES_WITH_PATH_PARAMETERS.flatMap((route) => {
      const [method, template] = route.split(' ');
      return (template.match(/:\w+/g) ?? []).flatMap((parameter) =>
        HOSTILE_SEGMENTS.map((segment) => ({
          method,
          path: template.replace(/:\w+/g, (name) =>
            name === parameter ? segment : realValues[name.slice(1)],
          ),
        })),
      );
    });
    const outcomes: string[] = [];
    for (const { method, path } of attempts) {
      const response = await ana.callRawPath(method, path);
      const unchanged = JSON.stringify(await snapshot(ana, postId)) === JSON.stringify(before);
      if (![400, 404].includes(response.status) || !unchanged)
        outcomes.push(`${method} ${path}: ${response.status}${unchanged ? '' : ', and the post changed'}`);
      // Once the post has changed, later attempts would prove nothing.
      if (!unchanged) break;
    }
    expect(outcomes).toEqual([]);
  });

  it('answers a refused segment with a message that says what is wrong', async () => {
    const ana = await member(baseUrl, 'Ben');
    const response = await ana.callRawPath('DELETE', `/api/posts/${randomUUID()}/comments/%2e%2e`);
    expect(response).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'REQUEST.INVALID_PATH', message: expect.stringMatching(/"\.\."/) },
    });
  });
});
