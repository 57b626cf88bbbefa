import { randomUUID } from 'node:crypto';
import { Reflector } from '@nestjs/core';
import { STREAK_TEST_POST_LIMIT } from '@daybreak/contracts';
import type { PostsClient } from '../downstream/posts.client';
import type { StreakTestWithoutContent, StreaksClient } from '../downstream/streaks.client';
import { RATE_LIMIT } from '../security/rate-limit-rule';
import { TestPagesController } from './test-pages.controller';

describe('the streak test page', () => {
  const member = randomUUID();

  /** Streaks answering `count` listed posts; posts knowing every one. */
  function pageWith(count: number) {
    const answer: StreakTestWithoutContent = {
      user: { id: member, firstName: 'Ida', lastName: null, profileName: null, profileImageUrl: null },
      timezone: 'UTC',
      currentStats: {
        currentStreak: 3,
        longestStreak: 9,
        fiveAmPostsCount: 2000,
        sixAmPostsCount: 1000,
        freezesHeld: 1,
        freezesEarned: 2,
        freezesUsed: 1,
      },
      earlyPosts: Array.from({ length: count }, () => ({
        id: randomUUID(),
        date: '2026-03-10',
        localTime: '05:10',
        timeClassification: '5am' as const,
      })),
    };
    const streaks = { streakTest: jest.fn().mockResolvedValue(answer) };
    const posts = {
      findOne: jest.fn(),
      texts: jest.fn(async (_viewer: string, ids: string[]) =>
        ids.map((id) => ({ id, content: `text of ${id}` })),
      ),
    };
    const controller = new TestPagesController(
      streaks as unknown as StreaksClient,
      posts as unknown as PostsClient,
    );
    return { controller, posts, answer };
  }

  it('borrows the texts of every listed post from posts in one call, whatever their number', async () => {
    const { controller, posts, answer } = pageWith(STREAK_TEST_POST_LIMIT);
    const [gone] = answer.earlyPosts;
    posts.texts.mockImplementation(async (_viewer: string, ids: string[]) =>
      ids.filter((id) => id !== gone.id).map((id) => ({ id, content: `text of ${id}` })),
    );

    const page = await controller.streakCalculation(randomUUID(), member, 'UTC');

    expect(posts.texts).toHaveBeenCalledTimes(1);
    expect(posts.findOne).not.toHaveBeenCalled();
    expect(page.currentStats).toEqual(answer.currentStats);
    // A post deleted in between is left out; the others keep their order.
    expect(page.earlyPosts).toEqual(
      answer.earlyPosts.slice(1).map((post) => ({ ...post, content: `text of ${post.id}` })),
    );
  });

  it('asks posts nothing for a member without early posts', async () => {
    const { controller, posts } = pageWith(0);
    expect((await controller.streakCalculation(randomUUID(), member, 'UTC')).earlyPosts).toEqual([]);
    expect(posts.texts).not.toHaveBeenCalled();
  });

  it('is rate limited', () => {
    const rule = new Reflector().get(RATE_LIMIT, TestPagesController.prototype.streakCalculation);
    expect(rule).toMatchObject({ name: 'streak-test' });
  });
});
