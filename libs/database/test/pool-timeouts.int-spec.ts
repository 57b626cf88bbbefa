import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Controller, Get, INestApplication, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { createServiceApp } from '@daybreak/nest-common';
import { DataSource } from 'typeorm';
import { DatabaseModule, DatabaseTimeouts } from '../src';

/** Short limits, so the test waits a second where production waits five. */
const TIMEOUTS: DatabaseTimeouts = { statementMs: 500, idleInTransactionMs: 700, connectMs: 700 };
/** What an answer may take past its timeout on a busy 2-core machine. */
const SLACK_MS = 1_500;

const SETTINGS = `SELECT pg_backend_pid() AS pid,
  current_setting('statement_timeout') AS statement,
  current_setting('idle_in_transaction_session_timeout') AS idle`;

@Controller()
class SleepController {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  @Get('sleep/:seconds')
  async sleep(@Param('seconds') seconds: string): Promise<{ slept: string }> {
    await this.dataSource.query('SELECT pg_sleep($1)', [Number(seconds)]);
    return { slept: seconds };
  }
}

/** A service's database module as a service configures it, here with TIMEOUTS. */
function serviceWithDatabase(url: string) {
  @Module({
    imports: [
      DatabaseModule.forService({
        service: 'pool_timeouts_spec',
        url,
        entities: [],
        migrations: [],
        poolSize: 3,
        timeouts: TIMEOUTS,
      }),
    ],
    controllers: [SleepController],
  })
  class PoolTimeoutsSpecModule {}
  return PoolTimeoutsSpecModule;
}

describe("a service's Postgres pool has timeouts (real Postgres)", () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let baseUrl: string;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run integration specs through jest.int.config.js');
    app = await createServiceApp(serviceWithDatabase(url), {
      name: 'pool-timeouts-spec',
      logLevel: 'silent',
    });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    dataSource = app.get(SleepController).dataSource;
  });

  afterAll(() => app?.close());

  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`);
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      ms: performance.now() - started,
    };
  };

  it('cancels a statement past the statement timeout, and the request answers 503, not 500', async () => {
    expect(await timed('/sleep/0.05')).toMatchObject({ status: 200 });

    const answer = await timed('/sleep/30');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ statusCode: 503, code: 'DATABASE.TIMEOUT' });
    expect(answer.body.message).toMatch(/try again/i);
    expect(answer.ms).toBeLessThan(TIMEOUTS.statementMs + SLACK_MS);
  });

  it('has the timeouts in force on every connection of the pool, before any statement sets them', async () => {
    // Three at once: each on its own connection of the three.
    const rows = await Promise.all(
      [1, 2, 3].map(async () => {
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        try {
          return ((await runner.query(SETTINGS)) as { pid: number; statement: string; idle: string }[])[0];
        } finally {
          await runner.release();
        }
      }),
    );
    expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
    for (const row of rows) expect(row).toMatchObject({ statement: '500ms', idle: '700ms' });
  });

  it('ends a session whose transaction sits idle past the timeout, so it holds no lock for long', async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const [{ pid }] = (await runner.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
    const alive = async () =>
      ((await dataSource.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])) as unknown[]).length >
      0;
    const deadline = Date.now() + TIMEOUTS.idleInTransactionMs + SLACK_MS;
    while ((await alive()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await alive()).toBe(false);
    await expect(runner.query('SELECT 1')).rejects.toThrow();
    await runner.release().catch(() => undefined);
  });

  it('gives up connecting to a Postgres that accepts and then says nothing, within the connect timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `postgres://nobody:nothing@127.0.0.1:${(silent.address() as AddressInfo).port}/none`;
    const started = performance.now();
    try {
      // Nest would exit the process on a failed start; told not to, it rejects.
      const starting = NestFactory.createApplicationContext(serviceWithDatabase(url), {
        abortOnError: false,
        logger: false,
      });
      await expect(starting).rejects.toThrow(/timeout/i);
      expect(performance.now() - started).toBeLessThan(TIMEOUTS.connectMs + SLACK_MS);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
