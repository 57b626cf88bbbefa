import { HttpException } from '@nestjs/common';
import type { PostsClient } from '../downstream/posts.client';
import { OwnChangeVisible } from './own-change-visible';

describe('OwnChangeVisible', () => {
  const posts = (caughtUp: jest.Mock) => new OwnChangeVisible({ caughtUp } as unknown as PostsClient);
  const change = (version: number) => Promise.resolve({ result: { isBlocked: true }, version });

  it("answers a change only once posts has applied the member's version", async () => {
    let release!: () => void;
    const caughtUp = jest.fn(() => new Promise((resolve) => (release = () => resolve({ caughtUp: true }))));
    let answered = false;

    const answer = posts(caughtUp)
      .answer('ana', change(3))
      .then((result) => ((answered = true), result));
    await new Promise(setImmediate);

    expect(caughtUp).toHaveBeenCalledWith('ana', 3);
    expect(answered).toBe(false);
    release();
    expect(await answer).toEqual({ isBlocked: true });
  });

  it('answers the change anyway when posts is slow or away: it was made in social', async () => {
    const late = jest.fn().mockResolvedValue({ caughtUp: false });
    const away = jest.fn().mockRejectedValue(new HttpException('down', 503));

    expect(await posts(late).answer('ana', change(1))).toEqual({ isBlocked: true });
    expect(await posts(away).answer('ana', change(1))).toEqual({ isBlocked: true });
  });

  it('asks nothing for a member who never changed anything (version 0: an unblock of no one)', async () => {
    const caughtUp = jest.fn();
    await posts(caughtUp).answer('ana', change(0));
    expect(caughtUp).not.toHaveBeenCalled();
  });
});
