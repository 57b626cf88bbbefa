import type { DataSource, EntityManager } from 'typeorm';

/**
 * Held by one transaction of one replica at a time, per schema and name; released with the
 * transaction, so a replica that dies holding it frees it at once.
 */
const TAKE_TURN = `SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '.' || $1)) AS taken`;

/** Takes the turn `name` for the rest of this transaction, if no other transaction holds it. */
async function takeTurn(manager: EntityManager, name: string): Promise<boolean> {
  const [{ taken }] = (await manager.query(TAKE_TURN, [name])) as { taken: boolean }[];
  return taken;
}

/**
 * Deletes what `deleteBatch` finds, one batch (at most `batchSize` rows) a transaction, until a batch
 * comes short: short transactions, short row locks, small WAL bursts. Replicas of a service take
 * turns: each batch's transaction first takes the turn `name`, and a replica that finds it held
 * stops, leaving the work to the one at it. Answers the rows deleted, or null when another replica
 * held the turn.
 */
export async function deleteInTurns(
  dataSource: DataSource,
  name: string,
  batchSize: number,
  deleteBatch: (manager: EntityManager, batchSize: number) => Promise<number>,
): Promise<number | null> {
  let deleted = 0;
  for (;;) {
    const count = await dataSource.transaction(async (manager) =>
      (await takeTurn(manager, name)) ? deleteBatch(manager, batchSize) : null,
    );
    if (count === null) return null;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
