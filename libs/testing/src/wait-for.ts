export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What we are waiting for, to make a timeout say something useful. */
  description?: string;
}

/**
 * Polls `probe` until it returns a value other than undefined/false, and returns it. Event-driven
 * effects (an event crossing Kafka) are asserted this way instead of with fixed sleeps.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: WaitOptions = {},
): Promise<T> {
  const { timeoutMs = 20_000, intervalMs = 100, description = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
