import { DataSource } from 'typeorm';
import { queryNamed } from '../src';

/** Statements a connection has prepared, by name (pg_prepared_statements is per session). */
const PREPARED = `SELECT name FROM pg_prepared_statements WHERE name = $1`;

describe('queryNamed (real Postgres)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    // The test database, as libs/testing's global setup names it (this library is below libs/testing).
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run integration specs through jest.int.config.js');
    dataSource = await new DataSource({ type: 'postgres', url, extra: { max: 2 } }).initialize();
  });
  afterAll(() => dataSource?.destroy());

  it("runs on the transaction's own connection, prepared once there", async () => {
    const sum = { name: 'test_named_sum', text: `SELECT $1::int + $2::int AS sum` };
    const seen = { name: 'test_named_setting', text: `SELECT current_setting('application_name') AS name` };

    const answers = await dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL application_name = 'named-statement-spec'`);
      return {
        sums: [
          await queryNamed<{ sum: number }>(manager, sum, [1, 2]),
          await queryNamed<{ sum: number }>(manager, sum, [3, 4]),
        ],
        setting: await queryNamed<{ name: string }>(manager, seen, []),
        prepared: await manager.query(PREPARED, [sum.name]),
      };
    });

    expect(answers.sums).toEqual([[{ sum: 3 }], [{ sum: 7 }]]);
    expect(answers.setting).toEqual([{ name: 'named-statement-spec' }]); // only this transaction set it
    expect(answers.prepared).toHaveLength(1);
  });

  it("answers an UPDATE … RETURNING's rows, and runs on the pool outside a transaction", async () => {
    const tableName = `named_statement_spec_${process.pid}`;
    await dataSource.query(`CREATE TABLE IF NOT EXISTS ${tableName} (id int PRIMARY KEY, n int NOT NULL)`);
    try {
      await dataSource.query(`INSERT INTO ${tableName} VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = 1`);
      const bump = {
        name: 'test_named_bump',
        text: `UPDATE ${tableName} SET n = n + 1 WHERE id = $1 RETURNING n`,
      };

      expect(await queryNamed(dataSource.manager, bump, [1])).toEqual([{ n: 2 }]);
      expect(await queryNamed(dataSource.manager, bump, [1])).toEqual([{ n: 3 }]);
    } finally {
      await dataSource.query(`DROP TABLE ${tableName}`);
    }
  });
});
