import type { ApiAnswer } from '@daybreak/contracts';
import sharp from 'sharp';
import { ApiCaller, Member, guest, member } from '../support/member-api';
import { fillPath, loadOperations } from '../support/openapi';
import { stackEnv } from '../support/stack-env';
import { until } from '../support/until';

type Actor = 'owner' | 'other' | 'guest';
type Callers = Record<Actor, ApiCaller>;

/** The things one member owns, with the ids the routes' path parameters take. */
interface Owned {
  id: string;
  userId: string;
  commentId: string;
  code: string;
  token: string;
}

/**
 * What each route with an id may do for the owner, another member and a guest. Every such route of
 * /api/docs.json must be here (the test fails on a new one), so a new route gets its row.
 * - `own`: only the owner may change it; another member gets 403/404 and nothing changes.
 * - `public`: the same answer for everyone (the data is public), never the owner's e-mail.
 * - `act`: a member acts on someone else's thing (likes, follows): allowed for members, it changes
 *   only the actor's own state, and guests get 401.
 * - `mine`: members only, and what it answers is the caller's own (like-status).
 * - `moderators`: moderators only (issue 42); everyone else, members and guests, gets 404.
 */
const RULES: Record<string, 'own' | 'public' | 'act' | 'mine' | 'moderators'> = {
  'DELETE /api/posts/{id}': 'own',
  'DELETE /api/posts/{id}/comments/{commentId}': 'own',
  'PUT /api/notifications/{id}/read': 'own',
  'PUT /api/objects/uploads/{token}': 'own',
  'POST /api/invites/{code}/shared': 'own',
  'GET /api/posts/{id}': 'public',
  'GET /api/posts/{id}/comments': 'public',
  'GET /api/posts/{id}/badges': 'public',
  'GET /api/profile/{id}': 'public',
  'GET /api/profile/{userId}/posts': 'public',
  'GET /api/profile/{userId}/statistics': 'public',
  'GET /api/profile/{userId}/badges': 'public',
  'GET /api/users/{id}/followers': 'public',
  'GET /api/users/{id}/following': 'public',
  'GET /api/invites/{code}': 'public',
  'GET /objects/{id}': 'public',
  'GET /uploads/{id}': 'public',
  'POST /api/posts/{id}/like': 'act',
  'POST /api/posts/{id}/comments': 'act',
  'POST /api/users/{id}/follow': 'act',
  'DELETE /api/users/{id}/follow': 'act',
  'POST /api/users/{id}/block': 'act',
  'DELETE /api/users/{id}/block': 'act',
  'POST /api/users/{id}/mute': 'act',
  'DELETE /api/users/{id}/mute': 'act',
  'POST /api/invites/{code}/accept': 'act',
  'GET /api/posts/{id}/like-status': 'mine',
  'GET /api/test/streak-calculation/{userId}': 'mine',
  'POST /api/moderation/reports/{id}/resolve': 'moderators',
  'POST /api/moderation/users/{id}/unsuspend': 'moderators',
  'POST /api/moderation/posts/{id}/unhide': 'moderators',
  'POST /api/moderation/comments/{id}/unhide': 'moderators',
};

/** Query parameters a route requires (its description says so; the matrix is about ids). */
const REQUIRED_QUERY: Record<string, string> = {
  'GET /api/test/streak-calculation/{userId}': '?timezone=UTC',
};

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#fb923c' } })
    .jpeg()
    .toBuffer();

/** Whether a like-status answer the matrix called by its path says liked (the route's contract body). */
const likedIn = (answer: { body: unknown }) =>
  (answer.body as ApiAnswer<'GET /api/posts/:postId/like-status'> | undefined)?.isLiked;

/** Issue #12: every route with an id × owner, another member, guest. No reads or writes across members. */
describe('ownership across members', () => {
  const { baseUrl } = stackEnv();
  let callers: Callers;
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    [owner, other] = await Promise.all([member(baseUrl, 'Owna'), member(baseUrl, 'Othben')]);
    callers = { owner, other, guest: guest(baseUrl) };
  });

  /** A fresh post with a comment of the owner's, an invite code, an upload token and an image. */
  async function ownedThings(): Promise<Owned> {
    const image = new File([new Uint8Array(await jpeg())], 'p.jpg', { type: 'image/jpeg' });
    const post = await owner.post({ content: 'Mine', timezone: 'Europe/Paris', image });
    const comment = await owner.comment(post.body.post.id, 'Mine too');
    const invite = await owner.invite();
    const upload = await owner.uploadIntent();
    return {
      id: post.body.post.id,
      userId: owner.id,
      commentId: comment.body.id,
      code: invite.body.inviteCode,
      token: String(upload.body.uploadURL).split('/').at(-1)!,
    };
  }

  /** A notification of the owner's: the other member likes the owner's post. */
  async function ownersNotification(postId: string): Promise<string> {
    await other.like(postId);
    const list = await until(
      () => owner.notifications(),
      (answer) => answer.body.some((n) => n.postId === postId),
    );
    return list.body.find((n) => n.postId === postId)!.id;
  }

  it('lets no member read or change what is another member’s', async () => {
    const operations = await loadOperations(baseUrl);
    const withIds = operations.filter((operation) => operation.path.includes('{'));
    const routes = withIds.map((operation) => `${operation.method} ${operation.path}`);
    expect(routes.filter((route) => !(route in RULES))).toEqual([]);

    const owned = await ownedThings();
    const imageId = await (async () => {
      const post = await owner.readPost(owned);
      return String(post.body.imageUrl).split('/').at(-1)!;
    })();
    const notificationId = await ownersNotification(owned.id);
    const failures: string[] = [];
    let cases = 0;
    const expectThat = (label: string, ok: boolean, detail: unknown) => {
      cases++;
      if (!ok) failures.push(`${label}: ${JSON.stringify(detail).slice(0, 300)}`);
    };

    for (const operation of withIds) {
      const route = `${operation.method} ${operation.path}`;
      const rule = RULES[route];
      // Each `own` route gets things of its own: the owner's successful try uses them up.
      const things = rule === 'own' ? await ownedThings() : owned;
      const notification = route.startsWith('PUT /api/notifications')
        ? await ownersNotification(things.id)
        : notificationId;
      const values: Record<string, string> = {
        ...things,
        id:
          operation.path.startsWith('/api/users') || operation.path.startsWith('/api/profile/{id}')
            ? things.userId
            : operation.path.includes('/objects/') ||
                operation.path.startsWith('/uploads') ||
                operation.path.startsWith('/objects')
              ? imageId
              : route.includes('notifications')
                ? notification
                : things.id,
      };
      const path = fillPath(operation.path, values) + (REQUIRED_QUERY[route] ?? '');
      const body = operation.path.endsWith('/comments')
        ? { content: 'From someone' }
        : route.includes('/uploads/')
          ? new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' })
          : undefined;
      const state = () => ownerState(owner, things, notification);

      if (rule === 'own') {
        const before = await state();
        for (const actor of ['other', 'guest'] as const) {
          const answer = await callers[actor].call(operation.method, path, body);
          const expected = actor === 'guest' ? [401] : [403, 404];
          expectThat(`${route} as ${actor}`, expected.includes(answer.status), answer);
          const after = await state();
          expectThat(
            `${route} as ${actor} changed nothing`,
            JSON.stringify(after) === JSON.stringify(before),
            { before, after },
          );
        }
        const mine = await owner.call(operation.method, path, body);
        expectThat(`${route} as owner`, mine.status >= 200 && mine.status < 300, mine);
      } else if (rule === 'moderators') {
        // Neither member moderates: the route does not exist for them, nor for a guest.
        for (const actor of ['owner', 'other', 'guest'] as const) {
          const answer = await callers[actor].call(operation.method, path, { action: 'dismiss' });
          expectThat(`${route} as ${actor}`, answer.status === 404, answer);
        }
      } else if (rule === 'public') {
        const answers = await Promise.all(
          (['owner', 'other', 'guest'] as const).map(async (actor) => ({
            actor,
            answer: await rawOrJson(callers[actor], path),
          })),
        );
        for (const { actor, answer } of answers) {
          expectThat(`${route} as ${actor}`, answer.status === 200, answer);
          if (actor !== 'owner')
            expectThat(
              `${route} as ${actor} shows no e-mail of the owner`,
              !JSON.stringify(answer.body ?? '').includes('@example.test'),
              answer.body,
            );
        }
      } else if (rule === 'act' || rule === 'mine') {
        const before = await state();
        const guestAnswer = await callers.guest.call(operation.method, path, body);
        expectThat(`${route} as guest`, guestAnswer.status === 401, guestAnswer);
        const otherAnswer = await other.call(operation.method, path, body);
        expectThat(
          `${route} as other member`,
          otherAnswer.status >= 200 && otherAnswer.status < 300,
          otherAnswer,
        );
        const ownerAnswer = await owner.call(operation.method, path, body);
        // Following or accepting oneself is a 400 (an invite the other member just used, a 404);
        // anything else the owner may do too.
        expectThat(
          `${route} as owner`,
          ownerAnswer.status < 300 || [400, 404].includes(ownerAnswer.status),
          ownerAnswer,
        );
        if (route === 'GET /api/posts/{id}/like-status') {
          // Each member's status is their own, as the post they see says it.
          const [ownersView, othersView] = await Promise.all([
            owner.readPost(things),
            other.readPost(things),
          ]);
          expectThat(
            `${route}: each sees their own`,
            likedIn(ownerAnswer) === ownersView.body.isLiked &&
              likedIn(otherAnswer) === othersView.body.isLiked,
            { ownerAnswer, otherAnswer },
          );
        }
        // A block would refuse the follow and invite routes after it: the other member lifts it.
        if (route === 'POST /api/users/{id}/block') await other.call('DELETE', path);
        if (rule === 'act' && !route.includes('/comments') && !route.includes('/like')) {
          const after = await state();
          expectThat(`${route} by another member left the owner's things alone`, after.post === before.post, {
            before,
            after,
          });
        }
      }
    }

    // Private reads without an id: another member's notifications and unread count are their own.
    const othersList = await other.notifications();
    expectThat(
      'GET /api/notifications as other',
      !JSON.stringify(othersList.body).includes(notificationId),
      othersList.body,
    );
    const guestList = await callers.guest.call('GET', '/api/notifications');
    expectThat('GET /api/notifications as guest', guestList.status === 401, guestList);
    // Blocks and mutes are listed only to the member who made them.
    for (const list of ['blocks', 'mutes'] as const) {
      const [add, lift] = list === 'blocks' ? (['block', 'unblock'] as const) : (['mute', 'unmute'] as const);
      await other[add](owner);
      const [othersOwn, ownersOwn, guests] = await Promise.all([
        other[list](),
        owner[list](),
        callers.guest.call('GET', `/api/${list}`),
      ]);
      await other[lift](owner);
      expectThat(`GET /api/${list} as other`, othersOwn.body?.[0]?.id === owner.id, othersOwn);
      expectThat(`GET /api/${list} as owner`, JSON.stringify(ownersOwn.body) === '[]', ownersOwn);
      expectThat(`GET /api/${list} as guest`, guests.status === 401, guests);
    }
    // The moderators' reads are not found by members (issue 42).
    for (const read of ['reports?status=open', 'suspended', 'hidden', 'audit']) {
      const answers = await Promise.all(
        (['owner', 'other', 'guest'] as const).map((actor) =>
          callers[actor].call('GET', `/api/moderation/${read}`),
        ),
      );
      answers.forEach((answer, i) =>
        expectThat(`GET /api/moderation/${read} as ${i}`, answer.status === 404, answer),
      );
    }
    const othersSelf = await other.me();
    expectThat('GET /api/auth/user as other', othersSelf.body.id === other.id, othersSelf.body);
    // The account's routes act on the caller's own account, whatever the request names (issue 42).
    const othersExport = await other.exportAccount();
    expectThat(
      'GET /api/account/export as other',
      othersExport.body?.profile?.id === other.id && !JSON.stringify(othersExport.body).includes(owner.id),
      othersExport.status,
    );
    for (const [method, path] of [
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account'],
    ] as const) {
      const guests = await callers.guest.call(
        method,
        path,
        method === 'DELETE' ? { confirm: 'DELETE' } : undefined,
      );
      expectThat(`${method} ${path} as guest`, guests.status === 401, guests);
    }
    const leaver = await member(baseUrl, 'Leavben');
    const left = await leaver.call('DELETE', '/api/account', { confirm: 'DELETE', userId: owner.id });
    const ownerStill = await owner.me();
    expectThat(
      'DELETE /api/account as another member',
      left.status === 204 && ownerStill.body?.id === owner.id,
      {
        left: left.status,
        owner: ownerStill.status,
      },
    );

    console.log(`Ownership matrix: ${cases} cases checked over ${withIds.length} routes with an id`);
    expect(failures).toEqual([]);
  });
});

/** What the owner's post, comments and notification look like to the owner. */
async function ownerState(owner: Member, things: Owned, notificationId: string) {
  const [post, comments, notifications] = await Promise.all([
    owner.readPost(things),
    owner.commentsOf(things),
    owner.notifications(),
  ]);
  return {
    post: JSON.stringify({ status: post.status, content: post.body?.content }),
    comments: (comments.body ?? []).map((c: { id: string }) => c.id),
    notificationRead: notifications.body.find((n: { id: string }) => n.id === notificationId)?.isRead,
  };
}

/** JSON routes through the caller; images by status only. */
async function rawOrJson(caller: ApiCaller, path: string) {
  if (!path.startsWith('/api/')) {
    const answer = await caller.callRawPath('GET', path);
    return { status: answer.status, body: undefined };
  }
  return caller.call('GET', path);
}
