/**
 * Serialises like toggles for one post so fast taps stay correct (bluesky's toggle-mutation queue):
 * the screen flips at once on every tap, and the queue sends toggles one at a time until the server's
 * state matches the last wish. Two quick taps send nothing extra once the first toggle is answered;
 * three send one. The server endpoint toggles, so each success flips our idea of the server's state.
 */
export interface LikeQueue {
  /** Flips the wished state and returns it. */
  toggle(): boolean;
  /** Adopts fresh server data, unless a toggle is in flight (then the data is already stale). */
  sync(liked: boolean): void;
}

export interface LikeQueueOptions<Answer> {
  initialLiked: boolean;
  send: () => Promise<Answer>;
  /** A toggle failed: `serverLiked` is the state to show again. */
  onError: (error: unknown, serverLiked: boolean) => void;
  /** Every toggle the server accepted, with its answer (to settle counts). */
  onSent?: (answer: Answer) => void;
}

export function createLikeQueue<Answer>({
  initialLiked,
  send,
  onError,
  onSent,
}: LikeQueueOptions<Answer>): LikeQueue {
  let server = initialLiked;
  let wished = initialLiked;
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (server !== wished) {
        const answer = await send();
        server = !server;
        onSent?.(answer);
      }
    } catch (error) {
      wished = server;
      onError(error, server);
    } finally {
      running = false;
    }
  }

  return {
    toggle() {
      wished = !wished;
      if (!running) void drain();
      return wished;
    },
    sync(liked) {
      if (running) return;
      server = liked;
      wished = liked;
    },
  };
}
