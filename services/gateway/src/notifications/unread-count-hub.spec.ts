import type Redis from 'ioredis';
import { UnreadCountHub, parseUnreadMessage } from './unread-count-hub';

describe('parseUnreadMessage', () => {
  it('reads a member id and a count', () => {
    expect(parseUnreadMessage('{"userId":"u1","count":3}')).toEqual({ userId: 'u1', count: 3 });
    expect(parseUnreadMessage('{"userId":"u1","count":0}')).toEqual({ userId: 'u1', count: 0 });
  });

  it.each([
    'not json',
    '{"count":3}',
    '{"userId":"u1"}',
    '{"userId":"u1","count":-1}',
    '{"userId":"u1","count":1.5}',
  ])('ignores %s', (message) => expect(parseUnreadMessage(message)).toBeNull());
});

describe('UnreadCountHub', () => {
  function hubWithChannel() {
    let onMessage: (channel: string, message: string) => void = () => undefined;
    const subscriber = {
      on: (_event: string, handler: typeof onMessage) => (onMessage = handler),
      subscribe: () => Promise.resolve(1),
      quit: () => Promise.resolve('OK'),
    };
    const hub = new UnreadCountHub({ duplicate: () => subscriber } as unknown as Redis);
    return { hub, publish: (message: string) => onMessage('notifications:unread', message) };
  }

  it("calls a member's listeners until they stop", async () => {
    const { hub, publish } = hubWithChannel();
    await hub.onModuleInit();
    const ana: number[] = [];
    const ben: number[] = [];
    const stopAna = hub.listen('ana', (count) => ana.push(count));
    hub.listen('ben', (count) => ben.push(count));

    publish('{"userId":"ana","count":2}');
    stopAna();
    publish('{"userId":"ana","count":3}');
    publish('{"userId":"ben","count":1}');

    expect(ana).toEqual([2]);
    expect(ben).toEqual([1]);
  });

  it('ends every open stream when the gateway shuts down', async () => {
    const { hub, publish } = hubWithChannel();
    await hub.onModuleInit();
    const ended: string[] = [];
    const counts: number[] = [];
    hub.listen(
      'ana',
      (count) => counts.push(count),
      () => ended.push('ana'),
    );
    hub.listen(
      'ben',
      () => undefined,
      () => ended.push('ben'),
    );

    await hub.onModuleDestroy();
    publish('{"userId":"ana","count":2}');

    expect(ended.sort()).toEqual(['ana', 'ben']);
    expect(counts).toEqual([]);
  });
});
