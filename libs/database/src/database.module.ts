import { DynamicModule, Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import type { HealthIndicator } from '@daybreak/nest-common';
import { Client } from 'pg';
import { DataSource, MigrationInterface } from 'typeorm';
import { initializeMigrated } from './migration-lock';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/**
 * How long an idle pooled connection is kept (pg's default: 10 s). Opening one is dear (a SCRAM
 * handshake, a new backend whose caches start cold), so a service that goes quiet for a few seconds
 * between bursts should find its connections still there; a minute of quiet still lets them go.
 */
const POOL_IDLE_TIMEOUT_MS = 60_000;

/**
 * Postgres' limits on every connection of a service's pool (milliseconds). Without them a query that
 * never ends, or a transaction left open, holds its connection (and its locks) for good, and a
 * Postgres that hangs makes every request wait with it.
 */
export interface DatabaseTimeouts {
  /** Postgres cancels a statement past it (SQLSTATE 57014), which the service answers 503. */
  statementMs: number;
  /** Postgres ends a session whose transaction sat idle this long, releasing its locks. */
  idleInTransactionMs: number;
  /** Opening a connection, or waiting for a free one from a full pool. */
  connectMs: number;
}

/** A service config's timeouts (nest-common's databaseTimeoutsShape), for forService. */
export const databaseTimeouts = (config: {
  DATABASE_STATEMENT_TIMEOUT_SECONDS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: number;
  DATABASE_CONNECT_TIMEOUT_SECONDS: number;
}): DatabaseTimeouts => ({
  statementMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
  connectMs: config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
});

/** The defaults of databaseTimeoutsShape, for a caller that gives none (tests). */
const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5_000,
  idleInTransactionMs: 10_000,
  connectMs: 5_000,
};

/**
 * How much longer than the statement timeout pg waits for an answer itself. The statement timeout is
 * Postgres' own, so a Postgres that hangs (stopped, its machine frozen) never sends it: pg's query
 * timeout then fails the query, a second after Postgres would have.
 */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/**
 * pg's settings for them: the two session settings go in the connection's startup message, so they
 * hold from its first statement, whoever uses it. Migrations run under them too: one that needs
 * longer is deployed with DATABASE_STATEMENT_TIMEOUT_SECONDS raised (pg's query timeout follows it).
 */
const poolTimeoutSettings = (timeouts: DatabaseTimeouts) => ({
  statement_timeout: timeouts.statementMs,
  query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
  idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  connectionTimeoutMillis: timeouts.connectMs,
});

type EntityClass = new () => object;
type MigrationClass = new () => MigrationInterface;

export interface ServiceDatabaseOptions {
  /** Service name: also the Postgres schema it owns. */
  service: string;
  url: string;
  entities: EntityClass[];
  migrations: MigrationClass[];
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
}

/**
 * The schema must exist before TypeORM creates its migrations table inside it. A service that connects
 * with its own role finds it made by provisionServiceRole (the role may not create schemas); with the
 * database owner's URL (a throwaway test schema) it is made here.
 */
async function ensureSchema(url: string, schema: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new Client({ connectionString: url, ...poolTimeoutSettings(timeouts) });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (rowCount === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

@Injectable()
export class DatabaseHealthIndicator implements HealthIndicator {
  readonly name = 'postgres';
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}
  async check(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}

/**
 * A service's database: its own schema (also its search_path) and its own migrations, run at boot
 * by one replica at a time (migration-lock.ts).
 * The messaging tables (outbox, inbox) live in the same schema; see @daybreak/messaging.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    const schema = options.service;
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    if (!/^[a-z_]+$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            return {
              type: 'postgres' as const,
              url: options.url,
              schema,
              entities: options.entities,
              migrations: options.migrations,
              // Run by initializeMigrated, under the schema's migration lock.
              migrationsRun: false,
              migrationsTransactionMode: 'each' as const,
              synchronize: false,
              // A boot that can't reach Postgres fails within the connect timeout, for the orchestrator
              // to restart, rather than retrying for half a minute (Nest's 9 tries, 3 s apart): two
              // replicas no longer need the retry to get past each other's migrations (migration-lock.ts).
              retryAttempts: 0,
              namingStrategy: new SnakeNamingStrategy(),
              extra: {
                max: options.poolSize ?? 10,
                idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
                ...poolTimeoutSettings(timeouts),
                options: `-c search_path=${schema}`,
              },
            };
          },
          dataSourceFactory: (dataSourceOptions) =>
            initializeMigrated(
              options.url,
              schema,
              dataSourceOptions!,
              () => ensureSchema(options.url, schema, timeouts),
              timeouts.connectMs,
            ),
        }),
      ],
      providers: [DatabaseHealthIndicator],
      exports: [DatabaseHealthIndicator],
    };
  }
}
