import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DatabaseModule } from '../src';

/**
 * Two replicas of a service booting at once against its empty schema (as provisioning leaves it):
 * both come up, and each migration runs once. The migrations write what ran to a log outside the
 * schema, so a migration run twice shows even where its own effects would hide it.
 */
const SCHEMA = 'migration_race';
const LOG = 'migration_race_log.runs';

class SlowFirst1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE members (id int PRIMARY KEY)`);
    await queryRunner.query(`INSERT INTO ${LOG} (migration) VALUES ('first')`);
    // Wide enough for the other replica to find this migration still pending, were there no lock.
    await queryRunner.query(`SELECT pg_sleep(1)`);
  }
  async down(): Promise<void> {}
}

class Second1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO members (id) VALUES (1)`);
    await queryRunner.query(`INSERT INTO ${LOG} (migration) VALUES ('second')`);
  }
  async down(): Promise<void> {}
}

function url(): string {
  // The test database, as libs/testing's global setup names it (this library is below libs/testing).
  const value = process.env.DATABASE_URL;
  if (!value) throw new Error('DATABASE_URL is not set: run integration specs through jest.int.config.js');
  return value;
}

/** The errors a replica logged (TypeORM's module logs a failed boot before it tries again). */
const errors: unknown[] = [];
const logger: LoggerService = {
  error: (message: unknown) => void errors.push(message),
  warn: () => undefined,
  log: () => undefined,
};

function replica(): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(
    DatabaseModule.forService({
      service: SCHEMA,
      url: url(),
      entities: [],
      migrations: [SlowFirst1700000000000, Second1700000000001],
    }),
    { logger },
  );
}

describe('migrations: one replica at a time (real Postgres)', () => {
  let db: Client;
  const replicas: INestApplicationContext[] = [];

  beforeAll(async () => {
    db = new Client({ connectionString: url() });
    await db.connect();
    await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await db.query(`DROP SCHEMA IF EXISTS migration_race_log CASCADE`);
    await db.query(`CREATE SCHEMA ${SCHEMA}`);
    await db.query(`CREATE SCHEMA migration_race_log`);
    await db.query(`CREATE TABLE ${LOG} (migration text NOT NULL)`);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((context) => context.close()));
    await db?.end();
  });

  it('brings up two replicas started at once, each migration run once', async () => {
    const booted = await Promise.allSettled([replica(), replica()]);
    for (const result of booted) if (result.status === 'fulfilled') replicas.push(result.value);

    expect(booted.map(({ status }) => status)).toEqual(['fulfilled', 'fulfilled']);
    const { rows: runs } = await db.query<{ migration: string }>(`SELECT migration FROM ${LOG} ORDER BY 1`);
    expect(runs.map(({ migration }) => migration)).toEqual(['first', 'second']);
    const { rows: recorded } = await db.query<{ name: string }>(
      `SELECT name FROM ${SCHEMA}.migrations ORDER BY timestamp`,
    );
    expect(recorded.map(({ name }) => name)).toEqual(['SlowFirst1700000000000', 'Second1700000000001']);
    // The second waited for the first: it did not fail and boot again.
    expect(errors).toEqual([]);
  });
});
