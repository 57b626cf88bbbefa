import { addDays } from '@daybreak/contracts';
import fc from 'fast-check';

/** Arbitraries the streak properties share (streak-rules and streak-freeze). */

/** DST zones both hemispheres, and the two ends of the clock (+14 and −11). */
export const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

/** Early-window wall times (04:30–06:29): every one of them belongs to the previous day's period. */
export const earlyTime = fc
  .integer({ min: 4 * 60 + 30, max: 6 * 60 + 29 })
  .map(
    (minutes) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  );

/** Start dates spread over two years, so runs cross every DST change of these zones. */
export const startDate = fc.integer({ min: 0, max: 730 }).map((offset) => addDays('2026-01-01', offset));
