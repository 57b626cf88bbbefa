import { RequestQueue, stopIdleRequestChecks } from './kafkajs-idle-timer';

/** One broker connection's request queue, as kafkajs makes it, with nothing in flight. */
function requestQueue(): RequestQueue {
  return new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'spec',
    broker: '127.0.0.1:9092',
    logger: { debug: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

describe('kafkajs request queues after stopIdleRequestChecks', () => {
  const queues: RequestQueue[] = [];
  const newQueue = () => {
    const queue = requestQueue();
    queues.push(queue);
    return queue;
  };

  beforeAll(() => stopIdleRequestChecks());
  afterEach(() => queues.splice(0).forEach((queue) => queue.destroy()));

  it('schedule no check while no request waits (kafkajs re-armed a 1 ms one forever)', () => {
    const queue = newQueue();
    queue.checkPendingRequests(); // what every answer from the broker runs
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('still check a waiting request, at the end of a throttle', () => {
    const queue = newQueue();
    queue.pending.push({});
    queue.throttledUntil = Date.now() + 60_000;
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
  });

  it('can be applied twice without wrapping twice', () => {
    const scheduleCheck = RequestQueue.prototype.scheduleCheckPendingRequests;
    stopIdleRequestChecks();
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(scheduleCheck);
  });
});
