import type { EntityManager } from 'typeorm';

/**
 * True when `statement` answered a row: an `INSERT … ON CONFLICT DO NOTHING RETURNING …` that
 * inserted, so the caller knows whether the change was new.
 */
export async function insertedAny(
  manager: EntityManager,
  statement: string,
  params: unknown[],
): Promise<boolean> {
  const rows: unknown[] = await manager.query(statement, params);
  return rows.length > 0;
}

/**
 * How many rows a bare `UPDATE` or `DELETE` changed. TypeORM's postgres driver answers those two
 * with [rows, affected count] (and every other statement with its rows alone).
 */
export async function rowsChanged(
  manager: EntityManager,
  statement: string,
  params: unknown[],
): Promise<number> {
  const [, changed]: [unknown[], number] = await manager.query(statement, params);
  return changed;
}

/**
 * The rows an `UPDATE … RETURNING` or `DELETE … RETURNING` answered: TypeORM's postgres driver
 * wraps them with the affected count, as for `rowsChanged`, where a SELECT's or an INSERT's come
 * alone.
 */
export async function rowsReturned<Row>(
  manager: EntityManager,
  statement: string,
  params: unknown[],
): Promise<Row[]> {
  const [rows]: [Row[], number] = await manager.query(statement, params);
  return rows;
}
