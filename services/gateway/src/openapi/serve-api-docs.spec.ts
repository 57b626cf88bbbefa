import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveApiDocs } from './openapi-document';

@Module({})
class NoRoutes {}

/** Swagger UI's files at /api/docs: its scripts, never the source maps its package ships beside them. */
describe('the API docs page', () => {
  let app: NestFastifyApplication;
  const get = (url: string) => app.getHttpAdapter().getInstance().inject({ method: 'GET', url });

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(NoRoutes, new FastifyAdapter(), { logger: false });
    serveApiDocs(app);
    await app.init();
  });
  afterAll(() => app.close());

  it('serves Swagger UI', async () => {
    expect((await get('/api/docs/swagger-ui-bundle.js')).statusCode).toBe(200);
  });

  it.each([
    '/api/docs/swagger-ui-bundle.js.map',
    '/api/docs/swagger-ui.css.map',
    '/api/docs/swagger-ui-bundle.js.m%61p',
    '/api/docs/swagger-ui-bundle.js.MAP',
  ])('publishes no source map (%s)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body.length).toBeLessThan(200);
  });
});
