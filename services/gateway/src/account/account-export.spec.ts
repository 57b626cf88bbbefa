import type { PostsExport, SocialExport, Statistics } from '@daybreak/contracts';
import { assembleExport, exportFileName } from './account-export';

const member = (id: string, profileImageUrl: string | null) => ({
  id,
  firstName: 'Ana',
  lastName: null,
  profileName: null,
  profileImageUrl,
  since: '2026-11-01T05:00:00.000Z',
});

describe("a member's export", () => {
  const social: SocialExport = {
    profile: {
      ...member('me', '/objects/p1'),
      email: 'me@example.test',
      bio: null,
      timezone: 'UTC',
      createdAt: 'x',
      followersCount: 1,
      followingCount: 0,
    },
    following: [],
    followers: [member('ana', '/objects/p2')],
    blocked: [member('ben', 'https://elsewhere.example/p.jpg')],
    muted: [],
  };
  const posts: PostsExport = {
    posts: [
      {
        id: 'post',
        content: 'Up',
        imageUrl: '/objects/i1',
        timezone: 'UTC',
        timeClassification: '5am',
        createdAt: 'x',
        likesCount: 0,
        commentsCount: 0,
      },
      {
        id: 'text',
        content: 'Up',
        imageUrl: null,
        timezone: 'UTC',
        timeClassification: 'none',
        createdAt: 'x',
        likesCount: 0,
        commentsCount: 0,
      },
    ],
    comments: [],
    likes: [],
  };
  const statistics = {} as Statistics;

  it('makes every stored image path an absolute URL on the public origin, and leaves the rest', () => {
    const file = assembleExport(
      'https://daybreak.example',
      { social, posts, badges: [], statistics, notifications: [] },
      new Date('2026-11-28T10:00:00Z'),
    );

    expect(file.exportedAt).toBe('2026-11-28T10:00:00.000Z');
    expect(file.profile.profileImageUrl).toBe('https://daybreak.example/objects/p1');
    expect(file.profile.email).toBe('me@example.test');
    expect(file.posts.map((post) => post.imageUrl)).toEqual(['https://daybreak.example/objects/i1', null]);
    expect(file.followers[0].profileImageUrl).toBe('https://daybreak.example/objects/p2');
    expect(file.blocked[0].profileImageUrl).toBe('https://elsewhere.example/p.jpg');
  });

  it('names the file after the day', () => {
    expect(exportFileName(new Date('2026-11-28T23:59:00Z'))).toBe('daybreak-export-2026-11-28.json');
  });
});
