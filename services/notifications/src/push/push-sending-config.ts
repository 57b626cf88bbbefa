import { z } from 'zod';

/** How a notifications worker sends web push. */
export const pushSendingConfigShape = {
  /**
   * Pushes in flight at once per worker process (and connections to each push service at most).
   * One at a time, a worker sends as fast as a push service answers (20 per second at 50 ms); a
   * window of 256 lets it keep a minute's reminders moving, while bounding its sockets and memory.
   */
  PUSH_WINDOW: z.coerce.number().int().min(1).max(10_000).default(256),
};
