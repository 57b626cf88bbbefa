import { Guest, Member, guest, member, postForm, refusalOf } from '../support/member-api';
import { OwnStack, ServiceName, startOwnStack } from '../support/own-stack';

/** A stopped service's routes must fail at once, not after a timeout. */
const FAST_MS = 200;

type Call = [caller: 'guest' | 'member', method: string, path: string, body?: () => unknown];

/**
 * One service stopped at a time, behind a gateway of the test's own: the routes that need it answer
 * 503 with a message the SPA shows, at once; routes of the other services keep answering; and it
 * serves again once restarted.
 */
describe('a service down: its routes answer 503 at once, the others keep working', () => {
  let stack: OwnStack | undefined;
  let sam: Member | undefined;
  let visitor: Guest | undefined;
  let postId = '';

  beforeAll(async () => {
    stack = await startOwnStack();
    sam = await member(stack.url, 'Sam');
    visitor = guest(stack.url);
    const posted = await sam.post({ content: 'Up early' });
    expect(posted.status).toBe(201);
    postId = posted.body.post.id;
  }, 240_000);

  afterAll(() => stack?.stopAll());

  const feed: Call = ['guest', 'GET', '/api/posts?limit=10&offset=0'];
  const post = (): Call => ['guest', 'GET', `/api/posts/${postId}`];
  const like = (): Call => ['member', 'POST', `/api/posts/${postId}/like`];
  const followers = (): Call => ['guest', 'GET', `/api/users/${sam!.id}/followers`];
  const me: Call = ['member', 'GET', '/api/auth/user'];
  const badges: Call = ['guest', 'GET', '/api/badges'];
  const statistics = (): Call => ['guest', 'GET', `/api/profile/${sam!.id}/statistics`];
  const uploadUrl: Call = ['member', 'POST', '/api/objects/upload'];
  // Posting needs posts (and media for a photo); the badges streaks adds are left out while it is down.
  const newPost: Call = [
    'member',
    'POST',
    '/api/posts',
    () => postForm({ content: 'Still up', timezone: 'UTC' }),
  ];

  /** Per service: routes that need it, and routes of the others that must not notice. */
  const cases: Record<Exclude<ServiceName, 'notifications'>, { down: () => Call[]; up: () => Call[] }> = {
    posts: { down: () => [feed, post(), like()], up: () => [followers(), me, badges, uploadUrl] },
    social: { down: () => [followers(), me], up: () => [feed, post(), like(), badges] },
    streaks: { down: () => [badges, statistics()], up: () => [feed, post(), like(), me, newPost] },
    media: { down: () => [uploadUrl], up: () => [feed, post(), like(), me, badges] },
  };

  const call = async ([who, method, path, body]: Call) => {
    const started = performance.now();
    const answer = await (who === 'member' ? sam! : visitor!).call(method, path, body?.());
    return { ...answer, ms: performance.now() - started };
  };

  it.each(Object.keys(cases) as (keyof typeof cases)[])(
    'with %s stopped, its routes answer 503 fast and the other services answer',
    async (service) => {
      const { down, up } = cases[service];
      const timings: { route: string; ms: number }[] = [];
      expect(await stack!.stop(service)).toBe(0);
      try {
        for (const route of down()) {
          const answer = await call(route);
          expect({ route: route.join(' '), status: answer.status, code: refusalOf(answer).code }).toEqual({
            route: route.join(' '),
            status: 503,
            code: 'UPSTREAM.UNAVAILABLE',
          });
          expect(refusalOf(answer).message).toMatch(/try again/i);
          timings.push({ route: route.slice(1, 3).join(' '), ms: Math.round(answer.ms) });
        }
        for (const route of up()) {
          const { status } = await call(route);
          expect({ route: route.join(' '), ok: status >= 200 && status < 300 }).toEqual({
            route: route.join(' '),
            ok: true,
          });
        }
      } finally {
        await stack!.start(service);
      }
      console.log(
        `${service} down: 503 in ${timings.map(({ route, ms }) => `${ms} ms (${route})`).join(', ')}`,
      );
      expect(Math.max(...timings.map(({ ms }) => ms))).toBeLessThan(FAST_MS);
      // Back: the same routes answer again.
      for (const route of down()) {
        const { status } = await call(route);
        expect({ route: route.join(' '), status }).toEqual({ route: route.join(' '), status: 200 });
      }
    },
    120_000,
  );
});
