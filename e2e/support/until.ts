/**
 * Polls until `check` holds or 20 s pass, and answers the last value read (the caller's assertion
 * then says what was wrong): what happens through Kafka shows a moment after the request.
 */
export async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
