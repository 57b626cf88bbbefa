import 'reflect-metadata';
import { Body, Controller, Module, Post, Put, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { createServiceApp } from './create-service-app';
import { fastifyOf, leaveRawBodiesUnread } from './fastify-instance';

@Controller()
class UploadsController {
  /** Reads the raw stream itself, as the upload routes do. */
  @Put('uploads')
  async upload(@Req() request: FastifyRequest): Promise<{ bytes: number; parsedBody: unknown }> {
    let bytes = 0;
    for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
    return { bytes, parsedBody: request.body ?? null };
  }

  @Post('notes')
  note(@Body() body: unknown): { received: unknown } {
    return { received: body ?? null };
  }
}

@Module({ controllers: [UploadsController] })
class UploadsModule {}

describe('leaveRawBodiesUnread', () => {
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp(UploadsModule, { name: 'uploads', logLevel: 'silent' });
    leaveRawBodiesUnread(fastifyOf(app));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(() => app.close());

  const send = async (path: string, method: string, contentType: string, body: string | Uint8Array) => {
    const response = await fetch(`${url}${path}`, { method, headers: { 'content-type': contentType }, body });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('hands a body of a type without a parser to the handler unread, past the 100 KB JSON limit', async () => {
    const photo = new Uint8Array(300 * 1024).fill(7);
    expect(await send('/uploads', 'PUT', 'image/jpeg', photo)).toEqual({
      status: 200,
      body: { bytes: photo.length, parsedBody: null },
    });
  });

  it('still parses JSON, and leaves a body nothing parses undefined rather than refusing it (415)', async () => {
    expect(await send('/notes', 'POST', 'application/json', '{"text":"up at five"}')).toEqual({
      status: 201,
      body: { received: { text: 'up at five' } },
    });
    expect(await send('/notes', 'POST', 'application/xml', '<note>up at five</note>')).toEqual({
      status: 201,
      body: { received: null },
    });
  });
});
