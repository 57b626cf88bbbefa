import { DecodeSlots } from './decode-slots';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('DecodeSlots', () => {
  it('runs at most `size` tasks at once and starts the next in arrival order', async () => {
    const slots = new DecodeSlots(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let peak = 0;
    const results = gates.map((g, index) =>
      slots.run(async () => {
        started.push(index);
        peak = Math.max(peak, slots.active);
        await g.opened;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.queued).toBe(2);

    gates[1].open();
    await results[1];
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());

    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(slots.active).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new DecodeSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(slots.active).toBe(0);
  });

  it('refuses a size below 1', () => {
    expect(() => new DecodeSlots(0)).toThrow(/size of 1 or more/);
  });
});
