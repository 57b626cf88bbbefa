import { Pacer } from './pacer';

describe('Pacer', () => {
  let now: number;
  const pacer = () => new Pacer(40, () => now);

  beforeEach(() => (now = 1_000));

  it('lets the first round begin at once', () => {
    expect(pacer().delayUntilNext()).toBe(0);
  });

  it('makes the next round wait for what is left of the interval since this one began', () => {
    const rounds = pacer();
    rounds.begin();
    now += 15;
    expect(rounds.delayUntilNext()).toBe(25);
    now += 25;
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('does not make a round that took longer than the interval wait', () => {
    const rounds = pacer();
    rounds.begin();
    now += 90;
    expect(rounds.delayUntilNext()).toBe(0);
  });

  it('counts rounds begun within one interval as one (partitions of one fetch)', () => {
    const rounds = pacer();
    rounds.begin();
    now += 5;
    rounds.begin();
    expect(rounds.delayUntilNext()).toBe(35);
  });

  it('starts a new round once the interval is over', () => {
    const rounds = pacer();
    rounds.begin();
    now += 50;
    rounds.begin();
    now += 10;
    expect(rounds.delayUntilNext()).toBe(30);
  });

  it('resolves untilNext once the delay is over', async () => {
    const rounds = new Pacer(20);
    rounds.begin();
    const started = performance.now();
    await rounds.untilNext();
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
    expect(rounds.delayUntilNext()).toBe(0);
  });
});
