import { cachedTimeZoneCount, instantAtWallClock, isValidTimeZone, localDateTime } from './local-time';

/** Every upper/lower-case spelling of `name` (2^letters of them), e.g. "eUrOpE/pArIs". */
function caseVariants(name: string): string[] {
  let variants = [''];
  for (const char of name) {
    const spellings =
      char.toLowerCase() === char.toUpperCase() ? [char] : [char.toLowerCase(), char.toUpperCase()];
    variants = variants.flatMap((prefix) => spellings.map((spelling) => prefix + spelling));
  }
  return variants;
}

describe('time-zone formatter cache', () => {
  it('keeps one entry per zone, however its name is spelled', () => {
    const instant = new Date('2026-03-01T04:30:00Z');
    localDateTime(instant, 'Europe/Paris');
    const before = cachedTimeZoneCount();

    const variants = caseVariants('Europe/Paris');
    expect(variants).toHaveLength(2 ** 11);
    for (const variant of variants) {
      expect(isValidTimeZone(variant)).toBe(true);
      expect(localDateTime(instant, variant)).toEqual({ year: 2026, month: 3, day: 1, hour: 5, minute: 30 });
    }

    expect(cachedTimeZoneCount()).toBe(before);
  });

  it('adds nothing for zones that do not exist', () => {
    const before = cachedTimeZoneCount();
    for (const name of ['Mars/Olympus', 'Europe/Nowhere', 'not a zone'])
      expect(isValidTimeZone(name)).toBe(false);
    expect(cachedTimeZoneCount()).toBe(before);
  });

  it('finds wall-clock instants with any spelling of the zone', () => {
    expect(instantAtWallClock('2026-07-01 05:02', 'america/new_york').toISOString()).toBe(
      '2026-07-01T09:02:00.000Z',
    );
  });
});
