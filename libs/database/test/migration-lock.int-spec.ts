import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DatabaseModule } from '../src';

/**
 * Replicas of a service booting at once run each migration once, and all come up. The migrations
 * write what ran to a log outside the service's schema, so a migration run twice shows even where
 * its own effects would hide it.
 */
const LOG_SCHEMA = 'migration_race_log';
const LOG = `${LOG_SCHEMA}.runs`;

/** Writes that it ran, then holds its transaction long enough for another replica to find it pending. */
async function logSlowly(queryRunner: QueryRunner, migration: string): Promise<void> {
  await queryRunner.query(`INSERT INTO ${LOG} (schema_name, migration) VALUES (current_schema(), $1)`, [
    migration,
  ]);
  await queryRunner.query(`SELECT pg_sleep(1)`);
}

class CreateMembers1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // No key: a second run of the backfill would not collide, it would add a row.
    await queryRunner.query(`CREATE TABLE members (id int NOT NULL)`);
    await logSlowly(queryRunner, 'create');
  }
  async down(): Promise<void> {}
}

/** Changes data only: nothing would stop a second replica from running it again. */
class BackfillMembers1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO members (id) SELECT coalesce(max(id), 0) + 1 FROM members`);
    await logSlowly(queryRunner, 'backfill');
  }
  async down(): Promise<void> {}
}

function url(): string {
  // The test database, as libs/testing's global setup names it (this library is below libs/testing).
  const value = process.env.DATABASE_URL;
  if (!value) throw new Error('DATABASE_URL is not set: run integration specs through jest.int.config.js');
  return value;
}

describe('migrations: one replica at a time (real Postgres)', () => {
  let db: Client;
  const replicas: INestApplicationContext[] = [];
  /** The errors the replicas logged (TypeORM's module logs a failed boot before it tries again). */
  const errors: unknown[] = [];
  const logger: LoggerService = {
    error: (message: unknown) => void errors.push(message),
    warn: () => undefined,
    log: () => undefined,
  };

  async function replica(schema: string, migrations: (new () => MigrationInterface)[]) {
    const context = await NestFactory.createApplicationContext(
      DatabaseModule.forService({ service: schema, url: url(), entities: [], migrations }),
      { logger },
    );
    replicas.push(context);
    return context;
  }

  /** Starts replicas at once; answers how each boot ended. */
  async function startTogether(schema: string, migrations: (new () => MigrationInterface)[]) {
    const booted = await Promise.allSettled([replica(schema, migrations), replica(schema, migrations)]);
    return booted.map(({ status }) => status);
  }

  /** An empty schema, as provisioning leaves it for a service's role. */
  async function emptySchema(schema: string): Promise<void> {
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.query(`CREATE SCHEMA ${schema}`);
  }

  async function ran(schema: string): Promise<string[]> {
    const { rows } = await db.query<{ migration: string }>(
      `SELECT migration FROM ${LOG} WHERE schema_name = $1 ORDER BY migration`,
      [schema],
    );
    return rows.map(({ migration }) => migration);
  }

  async function recorded(schema: string): Promise<string[]> {
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM ${schema}.migrations ORDER BY id`);
    return rows.map(({ name }) => name);
  }

  beforeAll(async () => {
    db = new Client({ connectionString: url() });
    await db.connect();
    await db.query(`DROP SCHEMA IF EXISTS ${LOG_SCHEMA} CASCADE`);
    await db.query(`CREATE SCHEMA ${LOG_SCHEMA}`);
    await db.query(`CREATE TABLE ${LOG} (schema_name text NOT NULL, migration text NOT NULL)`);
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((context) => context.close()));
    errors.length = 0;
  });
  afterAll(() => db?.end());

  it('brings up two replicas started at once on an empty schema, each migration run once, neither failing', async () => {
    const schema = 'migration_race_empty';
    await emptySchema(schema);

    const booted = await startTogether(schema, [CreateMembers1700000000000, BackfillMembers1700000000001]);

    expect(booted).toEqual(['fulfilled', 'fulfilled']);
    expect(await ran(schema)).toEqual(['backfill', 'create']);
    expect(await recorded(schema)).toEqual(['CreateMembers1700000000000', 'BackfillMembers1700000000001']);
    // The second waited for the first: it did not fail its boot and try again.
    expect(errors).toEqual([]);
  });

  it('runs a new migration once when two replicas of the new version start at once', async () => {
    const schema = 'migration_race_upgrade';
    await emptySchema(schema);
    // The version before, already deployed.
    await (await replica(schema, [CreateMembers1700000000000])).close();
    replicas.length = 0;

    const booted = await startTogether(schema, [CreateMembers1700000000000, BackfillMembers1700000000001]);

    expect(booted).toEqual(['fulfilled', 'fulfilled']);
    expect(await ran(schema)).toEqual(['backfill', 'create']);
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${schema}.members`);
    expect(rows).toEqual([{ id: 1 }]);
    expect(await recorded(schema)).toEqual(['CreateMembers1700000000000', 'BackfillMembers1700000000001']);
    expect(errors).toEqual([]);
  });
});
