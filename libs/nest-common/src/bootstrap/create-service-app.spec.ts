import 'reflect-metadata';
import type { Server } from 'node:http';
import { Body, Controller, Get, Module, Param, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { NotFoundError } from '../errors/domain-error';
import { createServiceApp } from './create-service-app';

@Controller('objects')
class ObjectsController {
  @Get(':id')
  find(@Param('id') id: string): never {
    throw new NotFoundError('MEDIA.NOT_FOUND', `No object ${id.length} characters long`);
  }

  @Post()
  create(@Body() body: unknown): { received: unknown } {
    return { received: body };
  }
}

@Module({ controllers: [ObjectsController] })
class ObjectsModule {}

/** What a caller (the gateway) sees of a service app: its answers, in our error shape. */
describe('a service app (Fastify)', () => {
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp(ObjectsModule, { name: 'objects', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    // The last test's client may still be sending the 2 MB body the app refused, and the app reads
    // it to keep the connection; closing would wait for that upload. The test's connections go first.
    (app.getHttpServer() as Server).closeAllConnections();
    await app.close();
  });

  const send = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${url}${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const postJson = (body: string) =>
    send('/objects', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('hands a path parameter of any length to the route, which judges it (no 414 of its own)', async () => {
    expect(await send(`/objects/${'a'.repeat(500)}`)).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'MEDIA.NOT_FOUND', message: 'No object 500 characters long' },
    });
  });

  it('answers an unknown route, a malformed body and one over 100 KB in the error shape', async () => {
    expect(await send('/nowhere')).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'REQUEST.NOT_FOUND', message: 'Cannot GET /nowhere' },
    });
    expect(await postJson('{"content": ')).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'REQUEST.INVALID' },
    });
    expect(await postJson(JSON.stringify({ content: 'x'.repeat(100 * 1024) }))).toMatchObject({
      status: 413,
      body: { statusCode: 413, code: 'REQUEST.TOO_LARGE' },
    });
    expect(await postJson(JSON.stringify({ content: 'x'.repeat(90 * 1024) }))).toMatchObject({
      status: 201,
    });
  });

  it('keeps the connection open after refusing a body, so a client still sending it reads the 413', async () => {
    const response = await fetch(`${url}/objects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(2_000_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).not.toBe('close');
  });
});
