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

type EntityClass = new () => object;
type MigrationClass = new () => MigrationInterface;

export interface ServiceDatabaseOptions {
  /** Service name: also the Postgres schema it owns. */
  service: string;
  url: string;
  entities: EntityClass[];
  migrations: MigrationClass[];
  poolSize?: number;
}

/**
 * The schema must exist before TypeORM creates its migrations table inside it. A service that connects
 * with its own role finds it made by provisionServiceRole (the role may not create schemas); with the
 * database owner's URL (a throwaway test schema) it is made here.
 */
async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
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
              namingStrategy: new SnakeNamingStrategy(),
              extra: {
                max: options.poolSize ?? 10,
                idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
                options: `-c search_path=${schema}`,
              },
            };
          },
          dataSourceFactory: (dataSourceOptions) =>
            initializeMigrated(options.url, schema, dataSourceOptions!, () =>
              ensureSchema(options.url, schema),
            ),
        }),
      ],
      providers: [DatabaseHealthIndicator],
      exports: [DatabaseHealthIndicator],
    };
  }
}
