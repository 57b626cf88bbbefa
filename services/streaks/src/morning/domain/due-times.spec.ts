import { addDays, localDateTime } from '@daybreak/contracts';
import fc from 'fast-check';
import { NUDGE_DUE, RECAP_DUE, firstInstantAt, nextDueAfter } from './due-times';
import { dueAfterHandled } from './due-rules';

const iso = (date: Date) => date.toISOString();

describe('due times of the morning messages', () => {
  it('are the wall time in the zone, on both sides of a DST change (New York, 2026-03-08: a 23-hour day)', () => {
    const before = nextDueAfter(new Date('2026-03-07T00:00:00Z'), 'America/New_York', NUDGE_DUE);
    expect(iso(before)).toBe('2026-03-07T11:10:00.000Z'); // 06:10 EST
    expect(iso(nextDueAfter(before, 'America/New_York', NUDGE_DUE))).toBe('2026-03-08T10:10:00.000Z'); // EDT
  });

  it('fire at the next minute that exists when the time is skipped (02:30 on a spring-forward night)', () => {
    expect(iso(firstInstantAt('2026-03-08', 2, 30, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    // Lord Howe skips half an hour: 02:00 → 02:30.
    expect(
      localDateTime(firstInstantAt('2026-10-04', 2, 10, 'Australia/Lord_Howe'), 'Australia/Lord_Howe'),
    ).toMatchObject({ hour: 2, minute: 30 });
  });

  it('fire once when the time happens twice (01:30 on a fall-back night): the first, then the next day', () => {
    const rule = { hour: 1, minute: 30 };
    const first = nextDueAfter(new Date('2026-11-01T00:00:00Z'), 'America/New_York', rule);
    expect(iso(first)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT; 06:30Z shows 01:30 EST too
    expect(iso(nextDueAfter(first, 'America/New_York', rule))).toBe('2026-11-02T06:30:00.000Z');
    expect(iso(nextDueAfter(new Date('2026-11-01T06:00:00Z'), 'America/New_York', rule))).toBe(
      '2026-11-02T06:30:00.000Z',
    );
  });

  it('put the weekly recap on Monday 07:00 local, across a DST change (London, 2026-03-29)', () => {
    const due = nextDueAfter(new Date('2026-03-25T12:00:00Z'), 'Europe/London', RECAP_DUE);
    expect(iso(due)).toBe('2026-03-30T06:00:00.000Z'); // Monday 07:00 BST
    expect(iso(nextDueAfter(due, 'Europe/London', RECAP_DUE))).toBe('2026-04-06T06:00:00.000Z');
  });

  it('follow a zone change: the next one after a send is in the new zone, never the same morning again', () => {
    const sentInNewYork = new Date('2026-05-04T10:10:00Z'); // 06:10 EDT
    // Moved west: 06:10 in Los Angeles that day (13:10Z) is the same morning; the next is the day after.
    expect(iso(dueAfterHandled('streak-nudge', 'America/Los_Angeles', sentInNewYork, sentInNewYork))).toBe(
      '2026-05-05T13:10:00.000Z',
    );
    // Moved east to Tokyo: its next 06:10 (21:10Z).
    expect(iso(dueAfterHandled('streak-nudge', 'Asia/Tokyo', sentInNewYork, sentInNewYork))).toBe(
      '2026-05-05T21:10:00.000Z',
    );
  });

  it('after one dropped hours late, the next is the next one due after now', () => {
    const due = new Date('2026-05-04T10:10:00Z');
    const now = new Date('2026-05-06T09:00:00Z');
    expect(iso(dueAfterHandled('streak-nudge', 'America/New_York', due, now))).toBe(
      '2026-05-06T10:10:00.000Z',
    );
  });

  it('is after `after`, at the wall time (or just past a skipped one), once a local day (property)', () => {
    const zones = [
      'America/New_York',
      'Europe/London',
      'Australia/Sydney',
      'Pacific/Chatham',
      'Asia/Kathmandu',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 2 * 365 * 24 * 60 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, minutes, hour, minute) => {
          const after = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
          const due = nextDueAfter(after, zone, { hour, minute });
          expect(due.getTime()).toBeGreaterThan(after.getTime());
          const local = localDateTime(due, zone);
          const wanted = hour * 60 + minute;
          // The wall time itself, or (skipped that day) the first minute after it that exists.
          expect(local.hour * 60 + local.minute).toBeGreaterThanOrEqual(wanted);
          expect(local.hour * 60 + local.minute - wanted).toBeLessThanOrEqual(60);
          // Once a local day: the one after it is on the next local date.
          const next = nextDueAfter(due, zone, { hour, minute });
          const days = (d: Date) => {
            const l = localDateTime(d, zone);
            return `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
          };
          expect(days(next)).toBe(addDays(days(due), 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});
