import { describe, expect, it, vi } from 'vitest';
import { createLikeQueue } from './like-queue';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(initialLiked = false) {
  const requests: ReturnType<typeof deferred>[] = [];
  const onError = vi.fn();
  const queue = createLikeQueue({
    initialLiked,
    send: () => {
      const request = deferred();
      requests.push(request);
      return request.promise;
    },
    onError,
  });
  const settle = async () => {
    await Promise.resolve();
    await Promise.resolve();
  };
  return { queue, requests, onError, settle };
}

describe('createLikeQueue', () => {
  it('sends one toggle per settled change', async () => {
    const { queue, requests, settle } = setup();

    expect(queue.toggle()).toBe(true);
    requests[0]?.resolve();
    await settle();

    expect(requests).toHaveLength(1);
  });

  it('sends a tap made during a request after it, so the server ends where the member did', async () => {
    const { queue, requests, settle } = setup();

    queue.toggle(); // like → request 1 in flight
    expect(queue.toggle()).toBe(false); // unlike before the answer
    requests[0]?.resolve(); // server: liked; wish: not liked → one more toggle
    await settle();
    requests[1]?.resolve();
    await settle();

    expect(requests).toHaveLength(2);
  });

  it('ends in the state of the last tap after a burst', async () => {
    const { queue, requests, settle } = setup();

    queue.toggle();
    queue.toggle();
    expect(queue.toggle()).toBe(true);
    requests[0]?.resolve(); // server liked == wish liked: done
    await settle();

    expect(requests).toHaveLength(1);
  });

  it('reports the server state to revert to when a toggle fails', async () => {
    const { queue, requests, onError, settle } = setup(true);

    queue.toggle();
    requests[0]?.reject(new Error('500: boom'));
    await settle();

    expect(onError).toHaveBeenCalledWith(new Error('500: boom'), true);
  });
});
