import type { Transaction } from '@daybreak/messaging';
import { type DailyCount, addDailyCounts } from './analytics.queries';

const DAILY_COUNTS = Symbol('analytics daily counts');

/**
 * Counts in the transaction's daily counters, written all at once before it commits, in the one
 * order `addDailyCounts` keeps, so that two batches moving the same counters cannot deadlock.
 */
export function count(tx: Transaction, ...counts: DailyCount[]): void {
  tx.gather(DAILY_COUNTS, (gathered: DailyCount[]) => addDailyCounts(tx.manager, gathered)).push(...counts);
}
