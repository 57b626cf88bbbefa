import { DataSource } from 'typeorm';
import { insertedAny, rowsChanged, rowsReturned } from '../src';

/** What the queries files ask of a change: was it new, and how many rows did it change. */
describe('insertedAny, rowsChanged and rowsReturned (real Postgres)', () => {
  let dataSource: DataSource;
  const tableName = `row_counts_spec_${process.pid}`;

  beforeAll(async () => {
    // The test database, as libs/testing's global setup names it (this library is below libs/testing).
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run integration specs through jest.int.config.js');
    dataSource = await new DataSource({ type: 'postgres', url, extra: { max: 2 } }).initialize();
    await dataSource.query(`CREATE TABLE IF NOT EXISTS ${tableName} (id int PRIMARY KEY, n int NOT NULL)`);
  });
  afterAll(async () => {
    await dataSource?.query(`DROP TABLE IF EXISTS ${tableName}`);
    await dataSource?.destroy();
  });

  it('says whether an insert that skips conflicts inserted, and counts what an UPDATE and a DELETE changed', async () => {
    const insert = `INSERT INTO ${tableName} (id, n) VALUES ($1, 0) ON CONFLICT DO NOTHING RETURNING id`;
    const manager = dataSource.manager;

    expect(await insertedAny(manager, insert, [1])).toBe(true);
    expect(await insertedAny(manager, insert, [1])).toBe(false);
    expect(await insertedAny(manager, insert, [2])).toBe(true);
    expect(await rowsChanged(manager, `UPDATE ${tableName} SET n = n + 1`, [])).toBe(2);
    expect(await rowsChanged(manager, `UPDATE ${tableName} SET n = 0 WHERE id = $1`, [3])).toBe(0);
    expect(await rowsChanged(manager, `DELETE FROM ${tableName} WHERE id = $1`, [1])).toBe(1);
    expect(await rowsChanged(manager, `DELETE FROM ${tableName} WHERE id = $1`, [1])).toBe(0);
  });

  it('answers the rows an UPDATE or a DELETE returned, none when it changed none', async () => {
    const manager = dataSource.manager;
    await manager.query(`INSERT INTO ${tableName} (id, n) VALUES (10, 1), (11, 2) ON CONFLICT DO NOTHING`);

    const updated = await rowsReturned<{ id: number; n: number }>(
      manager,
      `UPDATE ${tableName} SET n = n * 10 WHERE id >= $1 RETURNING id, n`,
      [10],
    );
    expect(updated.sort((a, b) => a.id - b.id)).toEqual([
      { id: 10, n: 10 },
      { id: 11, n: 20 },
    ]);
    expect(await rowsReturned(manager, `DELETE FROM ${tableName} WHERE id = $1 RETURNING id`, [11])).toEqual([
      { id: 11 },
    ]);
    expect(await rowsReturned(manager, `DELETE FROM ${tableName} WHERE id = $1 RETURNING id`, [11])).toEqual(
      [],
    );
  });
});
