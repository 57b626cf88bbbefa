import { createRequire } from 'node:module';

/** kafkajs' queue of requests to one broker connection: internal to kafkajs, so typed here. */
export interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  scheduleCheckPendingRequests(): void;
  checkPendingRequests(): void;
  destroy(): void;
}

interface RequestQueueClass {
  new (options: {
    maxInFlightRequests: number | null;
    requestTimeout: number;
    enforceRequestTimeout: boolean;
    clientId: string;
    broker: string;
    logger: unknown;
  }): RequestQueue;
  prototype: RequestQueue;
}

/** The class every kafkajs client in this process uses (the package's own copy of the file). */
export const RequestQueue = createRequire(require.resolve('kafkajs'))(
  './src/network/requestQueue',
) as RequestQueueClass;

let stopped = false;

/**
 * kafkajs 2.2.4, its last release, keeps a 1 ms timer going on every broker connection that has
 * answered a request: after each answer its request queue schedules a check of its waiting requests
 * even when none wait, with a delay computed from "not throttled" (a negative number, which Node
 * turns into 1 ms), and each check schedules the next one (tulios/kafkajs#1556; the fix proposed in
 * #1667 was never released). Every idle service woke over a thousand times a second, doing nothing
 * (measured in docs/architecture.md, "An idle client costs nothing").
 *
 * A check only matters when a request waits: one is queued from `push` (which schedules its own
 * check) and sent when an answer frees a slot (`fulfillRequest` checks). So the check is scheduled
 * only when something waits; throttled or not, the rest of kafkajs' logic is unchanged.
 */
export function stopIdleRequestChecks(): void {
  if (stopped) return;
  stopped = true;
  const scheduleCheck = RequestQueue.prototype.scheduleCheckPendingRequests;
  RequestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueue): void {
    if (this.pending.length > 0) scheduleCheck.call(this);
  };
}
