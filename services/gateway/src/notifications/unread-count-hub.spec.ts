import { UNREAD_COUNT_CHANNEL, encodeUnreadCountChange } from '@daybreak/contracts';
import type Redis from 'ioredis';
import { UnreadCountHub } from './unread-count-hub';

// What the hub reads is the contract's (libs/contracts, unread-count-channel.spec.ts).
describe('UnreadCountHub', () => {
  function hubWithChannel() {
    let onMessage: (channel: string, message: string) => void = () => undefined;
    const subscriber = {
      on: (_event: string, handler: typeof onMessage) => (onMessage = handler),
      subscribe: () => Promise.resolve(1),
      quit: () => Promise.resolve('OK'),
    };
    const hub = new UnreadCountHub({ duplicate: () => subscriber } as unknown as Redis);
    return { hub, publish: (message: string) => onMessage(UNREAD_COUNT_CHANNEL, message) };
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

  it('reads the changes the notifications service announces', async () => {
    const { hub, publish } = hubWithChannel();
    await hub.onModuleInit();
    const counts: number[] = [];
    hub.listen('ana', (count) => counts.push(count));

    // As storeUnreadSnapshots encodes them (notifications' unread-counter.ts).
    publish(encodeUnreadCountChange({ userId: 'ana', count: 5 }));
    publish(encodeUnreadCountChange({ userId: 'ana', count: 0 }));

    expect(counts).toEqual([5, 0]);
  });
});
