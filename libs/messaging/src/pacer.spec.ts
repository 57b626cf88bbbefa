import { Pacer } from './pacer';

describe('Pacer', () => {
  let now: number;
  /** Spaces rounds by 40 ms above 200 events a second. */
  const pacer = () => new Pacer({ intervalMs: 40, pacedAbovePerSecond: 200 }, () => now);
  /** A stream of `perSecond` events a second for `seconds`, one round every 10 ms. */
  const stream = (rounds: Pacer, perSecond: number, seconds = 5) => {
    for (let elapsed = 0; elapsed < seconds * 1000; elapsed += 10) {
      rounds.begin();
      rounds.count(perSecond / 100);
      now += 10;
    }
  };
  /** A pacer after five seconds of 300 events a second (above its threshold), as a round begins. */
  const roundUnderLoad = () => {
    const rounds = pacer();
    stream(rounds, 300);
    rounds.begin();
    return rounds;
  };

  beforeEach(() => (now = 1_000));

  it('lets the first round begin at once', () => {
    expect(pacer().delayUntilNext()).toBe(0);
  });

  it('measures the rate of a steady stream', () => {
    const rounds = pacer();
    stream(rounds, 300);
    expect(rounds.rate()).toBeGreaterThan(290);
    expect(rounds.rate()).toBeLessThan(310);
  });

  it('never makes a round wait while events come slower than the pace threshold', () => {
    const rounds = pacer();
    stream(rounds, 150);
    rounds.begin();
    rounds.count(1);
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('under load, makes the next round wait for what is left of the interval since this one began', () => {
    const rounds = roundUnderLoad();
    now += 15;
    expect(rounds.delayUntilNext()).toBe(25);
    now += 25;
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('does not make a round that took longer than the interval wait', () => {
    const rounds = roundUnderLoad();
    now += 90;
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('counts rounds begun within one interval as one (the partitions of one fetch)', () => {
    const rounds = roundUnderLoad();
    now += 5;
    rounds.begin();
    expect(rounds.delayUntilNext()).toBe(35);
  });

  it('forgets a burst: a few seconds after it, rounds go at once again', () => {
    const rounds = pacer();
    rounds.begin();
    rounds.count(2_000);
    expect(rounds.delayUntilNext()).toBeGreaterThan(0);
    now += 5_000;
    rounds.begin();
    rounds.count(1);
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('resolves untilNext once the delay is over by its clock, even when a timer fires early', async () => {
    const rounds = new Pacer({ intervalMs: 20, pacedAbovePerSecond: 0 });
    const started = performance.now();
    rounds.begin();
    rounds.count(1);
    await rounds.untilNext();
    expect(performance.now() - started).toBeGreaterThanOrEqual(20);
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('waits again when, by its clock, the timer fired before the interval was over', async () => {
    let clock = 1_000;
    const rounds = new Pacer({ intervalMs: 20, pacedAbovePerSecond: 0 }, () => clock);
    rounds.begin();
    rounds.count(1);
    // The clock each time untilNext asks for the delay: at once (20 ms left), when the first timer
    // fires 3 ms early (as from a stale event-loop time), and when the second one fires.
    const readings = [1_000, 1_017, 1_020];
    const delayAt = rounds.delayUntilNext.bind(rounds);
    const asked = jest.spyOn(rounds, 'delayUntilNext').mockImplementation(() => {
      clock = readings[Math.min(asked.mock.calls.length, readings.length) - 1];
      return delayAt();
    });
    await rounds.untilNext();
    expect(asked.mock.results.map(({ value }) => value)).toEqual([20, 3, 0]);
  });
});
