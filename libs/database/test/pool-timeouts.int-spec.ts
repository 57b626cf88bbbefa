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

/**
 * A TCP proxy to Postgres that can freeze: it then passes no byte either way, and new connections
 * wait, as with a Postgres that hangs (SIGSTOP, a frozen machine). The shared Postgres itself is
 * never stopped.
 */
class FreezableProxy {
  private frozen = false;
  private readonly pairs: [net.Socket, net.Socket][] = [];
  private readonly server = net.createServer((client) => {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', (chunk) => to.write(chunk));
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
    this.pairs.push([client, upstream]);
    if (this.frozen) for (const socket of [client, upstream]) socket.pause();
  });

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) for (const socket of pair) socket.pause();
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const socket of pair) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
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

  it('answers 503 within the timeouts while Postgres hangs, whatever the pool holds, and recovers', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const proxy = new FreezableProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(await proxy.listen());
    const behindProxy = await createServiceApp(serviceWithDatabase(url.toString()), {
      name: 'pool-timeouts-spec',
      logLevel: 'silent',
    });
    await behindProxy.listen(0, '127.0.0.1');
    const proxied = `http://127.0.0.1:${(behindProxy.getHttpServer().address() as AddressInfo).port}`;
    const sleep = async (seconds: number) => {
      const started = performance.now();
      const response = await fetch(`${proxied}/sleep/${seconds}`);
      const body = (await response.json()) as { code?: string };
      return { status: response.status, code: body.code, ms: performance.now() - started };
    };
    try {
      expect(await sleep(0)).toMatchObject({ status: 200 });
      proxy.freeze();
      // Twice the pool: three wait on their connections, three for a connection.
      const answers = await Promise.all(Array.from({ length: 6 }, () => sleep(0)));
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 503, code: expect.stringMatching(/^DATABASE\./) });
        // pg's query timeout is the statement timeout and a second.
        expect(answer.ms).toBeLessThan(TIMEOUTS.statementMs + 1_000 + SLACK_MS);
      }
      proxy.thaw();
      const deadline = Date.now() + 10_000;
      let after = await sleep(0);
      while (after.status !== 200 && Date.now() < deadline) after = await sleep(0);
      expect(after).toMatchObject({ status: 200 });
    } finally {
      proxy.thaw();
      await behindProxy.close();
      await proxy.close();
    }
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
