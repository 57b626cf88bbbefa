import { instantAtWallClock } from '@daybreak/contracts';
import { firstInstantAtOrAfter, isoWeekday, nextReminder } from './next-due';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const at = (local: string, zone: string) => instantAtWallClock(local, zone);
const rule = (time: string, zone: string, days: number[] = EVERY_DAY) => {
  const [hours, minutes] = time.split(':').map(Number);
  return { minuteOfDay: hours * 60 + minutes, days, zone };
};

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('nextReminder', () => {
  it('is today at the chosen local minute when that is still ahead', () => {
    const next = nextReminder(rule('04:50', 'Europe/Paris'), at('2026-11-28 03:00', 'Europe/Paris'));
    expect(next).toEqual({ at: at('2026-11-28 04:50', 'Europe/Paris'), localDay: '2026-11-28' });
  });

  it('is tomorrow once today’s minute has come (strictly after)', () => {
    const due = at('2026-11-28 04:50', 'Europe/Paris');
    expect(nextReminder(rule('04:50', 'Europe/Paris'), due).at).toEqual(
      at('2026-11-29 04:50', 'Europe/Paris'),
    );
  });

  it.each([
    ['Asia/Kolkata', '2026-06-01 04:50'],
    ['Asia/Kathmandu', '2026-06-01 04:50'],
    ['America/St_Johns', '2026-06-01 04:50'],
    ['Pacific/Kiritimati', '2026-06-01 04:50'],
    ['Pacific/Pago_Pago', '2026-06-01 04:50'],
  ])('follows the local clock of %s (odd offsets, both ends of the date line)', (zone, local) => {
    expect(nextReminder(rule('04:50', zone), at('2026-06-01 00:00', zone)).at).toEqual(at(local, zone));
  });

  it('keeps to the chosen days of the week', () => {
    // Saturday 28 November 2026; weekdays only: Monday the 30th.
    const next = nextReminder(rule('06:00', 'UTC', [1, 2, 3, 4, 5]), at('2026-11-28 05:00', 'UTC'));
    expect(next).toEqual({ at: at('2026-11-30 06:00', 'UTC'), localDay: '2026-11-30' });
    // Sundays only, asked on a Sunday after the time: the next Sunday.
    expect(nextReminder(rule('06:00', 'UTC', [7]), at('2026-11-29 07:00', 'UTC')).localDay).toBe(
      '2026-12-06',
    );
  });

  it('skips the dates up to the day of the last reminder sent', () => {
    const next = nextReminder(rule('09:00', 'UTC'), at('2026-11-28 08:00', 'UTC'), '2026-11-28');
    expect(next.localDay).toBe('2026-11-29');
  });

  describe('across daylight saving time', () => {
    it('a time the clocks skip fires at the next minute that exists (Paris, spring forward)', () => {
      // 30 March 2025: 02:00 CET jumps to 03:00 CEST.
      const next = nextReminder(rule('02:30', 'Europe/Paris'), at('2025-03-29 12:00', 'Europe/Paris'));
      expect(next).toEqual({ at: new Date('2025-03-30T01:00:00Z'), localDay: '2025-03-30' });
      expect(nextReminder(rule('02:30', 'Europe/Paris'), next.at).at).toEqual(
        new Date('2025-03-31T00:30:00Z'),
      );
    });

    it('a time the clocks show twice fires once, at its first showing (New York, fall back)', () => {
      // 2 November 2025: 02:00 EDT goes back to 01:00 EST, so 01:30 happens at 05:30Z and 06:30Z.
      const rule0130 = rule('01:30', 'America/New_York');
      const first = nextReminder(rule0130, at('2025-11-01 12:00', 'America/New_York'));
      expect(first).toEqual({ at: new Date('2025-11-02T05:30:00Z'), localDay: '2025-11-02' });
      const second = nextReminder(rule0130, first.at);
      expect(second).toEqual({ at: new Date('2025-11-03T06:30:00Z'), localDay: '2025-11-03' });
      // Asked between the two showings, it is not fired again that day either.
      expect(nextReminder(rule0130, new Date('2025-11-02T06:00:00Z')).localDay).toBe('2025-11-03');
    });

    it('keeps the local minute on both sides of a change (Sydney, southern hemisphere)', () => {
      // 5 October 2025: Sydney goes from +10 to +11.
      const before = nextReminder(
        rule('04:50', 'Australia/Sydney'),
        at('2025-10-04 05:00', 'Australia/Sydney'),
      );
      expect(before.at).toEqual(new Date('2025-10-04T17:50:00Z'));
      expect(nextReminder(rule('04:50', 'Australia/Sydney'), before.at).at).toEqual(
        new Date('2025-10-05T17:50:00Z'),
      );
    });

    it('a skipped half hour (Lord Howe) fires when the clock jumps past it', () => {
      // 5 October 2025: 02:00 +10:30 jumps to 02:30 +11.
      expect(firstInstantAtOrAfter('2025-10-05', 2 * 60 + 10, 'Australia/Lord_Howe')).toEqual(
        new Date('2025-10-04T15:30:00Z'),
      );
    });
  });

  describe('across a change of zone', () => {
    it('the next reminder follows the new zone', () => {
      const now = new Date('2026-11-28T10:00:00Z');
      expect(nextReminder(rule('04:50', 'Europe/Paris'), now).at).toEqual(
        at('2026-11-29 04:50', 'Europe/Paris'),
      );
      expect(nextReminder(rule('04:50', 'America/New_York'), now).at).toEqual(
        at('2026-11-29 04:50', 'America/New_York'),
      );
    });

    it('moving west the same day does not bring a second reminder that date', () => {
      // Sent at 04:50 in Paris on the 28th; at 05:00 Paris it is 23:00 on the 27th in New York.
      const now = at('2026-11-28 05:00', 'Europe/Paris');
      const next = nextReminder(rule('04:50', 'America/New_York'), now, '2026-11-28');
      expect(next).toEqual({ at: at('2026-11-29 04:50', 'America/New_York'), localDay: '2026-11-29' });
      // Without the day already done, the 28th in New York would have been next.
      expect(nextReminder(rule('04:50', 'America/New_York'), now).localDay).toBe('2026-11-28');
    });
  });
});
