import 'reflect-metadata';
import { Global, Injectable, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '../bootstrap/create-service-app';
import { HealthIndicator, HealthModule } from './health';

/** What each fake dependency answers, set by the tests. */
const down = { database: false, broker: false };

@Injectable()
class FakeDatabase implements HealthIndicator {
  readonly name = 'postgres';
  async check(): Promise<void> {
    if (down.database) throw new Error('connection refused');
  }
}

/** Like Kafka: the service serves without it. */
@Injectable()
class FakeBroker implements HealthIndicator {
  readonly name = 'kafka';
  readonly required = false;
  async check(): Promise<void> {
    if (down.broker) throw new Error('broker unreachable');
  }
}

/** As in a service, the indicators come from global modules (DatabaseModule, MessagingModule). */
@Global()
@Module({ providers: [FakeDatabase, FakeBroker], exports: [FakeDatabase, FakeBroker] })
class DependenciesModule {}

@Module({ imports: [DependenciesModule, HealthModule.forIndicators([FakeDatabase, FakeBroker])] })
class ProbedModule {}

describe('health probes', () => {
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp(ProbedModule, { name: 'probed', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(() => app.close());
  afterEach(() => Object.assign(down, { database: false, broker: false }));

  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('stays ready while a dependency it can serve without is down, and says so', async () => {
    down.broker = true;
    expect(await get('/health/ready')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { postgres: 'up', kafka: 'down: broker unreachable' } },
    });
  });

  it('is not ready while a dependency it needs is down', async () => {
    down.database = true;
    expect(await get('/health/ready')).toMatchObject({ status: 503, body: { message: 'Not ready' } });
  });

  it('is live whatever its dependencies answer', async () => {
    Object.assign(down, { database: true, broker: true });
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
