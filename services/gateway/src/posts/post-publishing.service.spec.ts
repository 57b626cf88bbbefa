import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { Post } from '@daybreak/contracts';
import { BadRequestException, HttpException } from '@nestjs/common';
import {
  IDENTITY_HEADER,
  generateIdentityKeyPair,
  identityAudience,
  verifyIdentityToken,
} from '@daybreak/nest-common';
import type { GatewayConfig } from '../config';
import type { PostsClient } from '../downstream/posts.client';
import { StreaksClient } from '../downstream/streaks.client';
import type { MediaClient } from '../media/media.client';
import { PostPublishing } from './post-publishing.service';

const KEYS = generateIdentityKeyPair();
const ANA = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const POST: Post = {
  id: '0b6c3c1e-8f7a-4c55-9a39-2f1d0c6b7e21',
  content: 'Up at five',
  imageUrl: null,
  userId: ANA,
  createdAt: '2026-03-10T10:02:00.000Z',
  updatedAt: '2026-03-10T10:02:00.000Z',
  timezone: 'America/New_York',
  timeClassification: '5am',
  isEarlyMorning: true,
  likesCount: 0,
  commentsCount: 0,
  isLiked: false,
  user: { id: ANA, firstName: 'Ana', lastName: null, profileName: null, profileImageUrl: null },
  comments: [],
};
const BADGES = {
  newBadges: [{ id: 'first-light', name: 'First Light', emoji: '🌅', progress: 1, target: 1 }],
  nextEligibleBadges: [{ id: 'spark', name: 'Spark', emoji: '🔥', progress: 1, target: 3 }],
};

/** POST /api/posts with a fake posts service and a real streaks client pointed at `streaksUrl`. */
function controllerWithStreaksAt(streaksUrl: string) {
  const posts = { create: jest.fn().mockResolvedValue(POST) } as unknown as PostsClient;
  const streaks = new StreaksClient({
    STREAKS_URL: streaksUrl,
    IDENTITY_PRIVATE_KEY: KEYS.privateKey,
  } as GatewayConfig);
  const publishing = new PostPublishing(posts, {} as MediaClient, streaks);
  return {
    posts,
    create: () => publishing.publish(ANA, { content: POST.content, timezone: POST.timezone }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

describe('POST /api/posts and the streaks evaluate call', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers the badges streaks evaluated for the stored post, asking as its author', async () => {
    const seen: { path?: string; viewer?: unknown; body?: unknown } = {};
    server = createServer(async (request, response) => {
      seen.path = request.url;
      seen.viewer = verifyIdentityToken(
        request.headers[IDENTITY_HEADER] as string,
        KEYS.publicKey,
        identityAudience('streaks'),
      );
      seen.body = await readJson(request);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(BADGES));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const answer = await controllerWithStreaksAt(`http://127.0.0.1:${port}`).create();

    expect(answer).toEqual({ post: POST, ...BADGES });
    expect(seen).toEqual({
      path: '/evaluations',
      viewer: { userId: ANA },
      body: {
        postId: POST.id,
        authorId: ANA,
        createdAt: POST.createdAt,
        timezone: POST.timezone,
        timeClassification: '5am',
        isEarlyMorning: true,
        hasImage: false,
      },
    });
  });

  it('still creates the post, with empty lists, when streaks is unreachable', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const { posts, create } = controllerWithStreaksAt('http://127.0.0.1:9');

    const answer = await create();

    expect(posts.create).toHaveBeenCalledTimes(1);
    expect(answer).toEqual({ post: POST, newBadges: [], nextEligibleBadges: [] });
  });

  it('still creates the post when streaks fails with a 500', async () => {
    server = createServer((_request, response) => {
      response.statusCode = 500;
      response.end('boom');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const answer = await controllerWithStreaksAt(`http://127.0.0.1:${port}`).create();

    expect(answer).toEqual({ post: POST, newBadges: [], nextEligibleBadges: [] });
  });
});

describe('POST /api/posts with a photo', () => {
  const PHOTO = { buffer: Buffer.from('jpeg bytes'), mimetype: 'image/jpeg' };
  const PATH = '/objects/5d0c1f3e-2a4b-4c6d-8e9f-0a1b2c3d4e5f';
  const refused = () => new BadRequestException('Posts can be at most 500 characters.');

  /** Fake posts and media; streaks is unreachable (the post stands without badges). */
  function publishingWith(posts: Partial<Record<'validate' | 'create', jest.Mock>>) {
    const media = {
      storeImage: jest.fn().mockResolvedValue({ objectPath: PATH }),
      markInUse: jest.fn().mockResolvedValue(true),
      discardImage: jest.fn().mockResolvedValue(undefined),
    };
    const postsClient = {
      validate: jest.fn().mockResolvedValue(undefined),
      create: jest.fn().mockResolvedValue({ ...POST, imageUrl: PATH }),
      ...posts,
    };
    const streaks = new StreaksClient({
      STREAKS_URL: 'http://127.0.0.1:9',
      IDENTITY_PRIVATE_KEY: KEYS.privateKey,
    } as GatewayConfig);
    const publishing = new PostPublishing(
      postsClient as unknown as PostsClient,
      media as unknown as MediaClient,
      streaks,
    );
    const publish = () => publishing.publish(ANA, { content: 'Sunrise', timezone: 'Europe/Paris' }, PHOTO);
    return { media, posts: postsClient, publish };
  }

  it('checks the post before the photo is processed, and processes none for a refused post', async () => {
    const { media, posts, publish } = publishingWith({ validate: jest.fn().mockRejectedValue(refused()) });

    await expect(publish()).rejects.toThrow('Posts can be at most 500 characters.');

    expect(posts.validate).toHaveBeenCalledWith(ANA, {
      content: 'Sunrise',
      timezone: 'Europe/Paris',
      hasImage: true,
    });
    expect(media.storeImage).not.toHaveBeenCalled();
    expect(posts.create).not.toHaveBeenCalled();
  });

  it('hands posts an empty draft to refuse when the request had no body at all', async () => {
    const { posts } = publishingWith({});
    const publishing = new PostPublishing(
      posts as unknown as PostsClient,
      {} as MediaClient,
      {} as StreaksClient,
    );

    await publishing.publish(ANA, undefined).catch(() => undefined);

    expect(posts.create).toHaveBeenCalledWith(ANA, { content: '', timezone: undefined, imageUrl: null });
  });

  it('stores the photo of an accepted post and keeps it', async () => {
    const { media, posts, publish } = publishingWith({});

    const answer = await publish();

    expect(answer.post.imageUrl).toBe(PATH);
    expect(posts.create).toHaveBeenCalledWith(ANA, {
      content: 'Sunrise',
      timezone: 'Europe/Paris',
      imageUrl: PATH,
    });
    expect(media.discardImage).not.toHaveBeenCalled();
  });

  it('marks the photo in use before posts stores the post, so no event lag can get it purged', async () => {
    const { media, posts, publish } = publishingWith({});

    await publish();

    expect(media.markInUse).toHaveBeenCalledWith(ANA, PATH);
    expect(media.markInUse.mock.invocationCallOrder[0]).toBeLessThan(
      posts.create.mock.invocationCallOrder[0],
    );
  });

  it('keeps the photo when posts gives no answer (the post may exist): a 502, a 503', async () => {
    for (const failure of [
      new HttpException('upstream failed', 502),
      new HttpException('unavailable', 503),
    ]) {
      const { media, publish } = publishingWith({ create: jest.fn().mockRejectedValue(failure) });

      await expect(publish()).rejects.toBe(failure);

      expect(media.discardImage).not.toHaveBeenCalled();
    }
  });

  it('deletes the stored photo when posts refuses the post after all, and answers its refusal', async () => {
    const { media, publish } = publishingWith({ create: jest.fn().mockRejectedValue(refused()) });

    await expect(publish()).rejects.toThrow('Posts can be at most 500 characters.');

    expect(media.discardImage).toHaveBeenCalledWith(ANA, PATH);
  });

  it("answers the post's refusal even when deleting the photo fails", async () => {
    const { media, publish } = publishingWith({ create: jest.fn().mockRejectedValue(refused()) });
    media.discardImage.mockRejectedValue(new Error('media is down'));

    await expect(publish()).rejects.toThrow('Posts can be at most 500 characters.');
  });
});
