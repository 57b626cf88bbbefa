import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HealthModule } from '../health/health';
import { createServiceApp } from './create-service-app';
import { fastifyOf } from './fastify-instance';
import { internalListenerOf } from './internal-listener';

@Controller('posts')
class PostsController {
  @Get()
  list() {
    return [];
  }
}

@Module({ imports: [HealthModule.forIndicators([])], controllers: [PostsController] })
class PublicModule {}

/** What the public port and the internal one each answer, for the gateway in production. */
describe('a service app with an internal port', () => {
  let app: NestFastifyApplication;
  let publicUrl: string;
  let internalUrl: string;
  beforeAll(async () => {
    app = await createServiceApp(PublicModule, { name: 'public', logLevel: 'silent', internalPort: 0 });
    await app.listen(0, '127.0.0.1');
    publicUrl = await app.getUrl();
    internalUrl = `http://127.0.0.1:${internalListenerOf(fastifyOf(app))!.address!.port}`;
  });
  afterAll(() => app.close());

  const statusOf = async (url: string) => (await fetch(url)).status;

  it.each(['/metrics', '/health/live', '/health/ready', '/%68ealth/ready', '/metrics?format=text'])(
    'refuses %s on the public port',
    async (path) => {
      const response = await fetch(`${publicUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND' });
    },
  );

  it('serves the product on the public port', async () => {
    expect(await statusOf(`${publicUrl}/posts`)).toBe(200);
  });

  it('serves metrics and health on the internal port, and nothing else', async () => {
    const metrics = await fetch(`${internalUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_server_request_duration_seconds');
    expect(await (await fetch(`${internalUrl}/health/live`)).json()).toEqual({ status: 'ok' });
    expect(await statusOf(`${internalUrl}/health/ready`)).toBe(200);
    expect(await statusOf(`${internalUrl}/posts`)).toBe(404);
  });

  it('closes the internal port with the app', async () => {
    const other = await createServiceApp(PublicModule, {
      name: 'other',
      logLevel: 'silent',
      internalPort: 0,
    });
    await other.listen(0, '127.0.0.1');
    const listener = internalListenerOf(fastifyOf(other))!;
    expect(listener.address).not.toBeNull();
    await other.close();
    expect(listener.address).toBeNull();
  });
});
