import { Readable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import request from 'supertest';
import { compressApiAnswers } from './compress-api';

describe('compressApiAnswers', () => {
  const page = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, content: 'Up at five' })));
  const small = JSON.stringify([{ id: 1, content: 'Up at five' }]);
  const app = Fastify();
  beforeAll(async () => {
    await compressApiAnswers(app);
    app.get('/api/posts', (_request, reply) => reply.type('application/json').send(page));
    // A service's JSON passed through as a stream of known length (JsonPassThrough).
    const streamed = (body: string) => (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply
        .type('application/json')
        .header('content-length', Buffer.byteLength(body))
        .send(Readable.from([Buffer.from(body)]));
    app.get('/api/streamed', streamed(page));
    app.get('/api/streamed-small', streamed(small));
    app.get('/api/notifications/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      reply.raw.end(`data: ${page}\n\n`);
    });
    app.get('/assets/app.js', (_request, reply) =>
      reply
        .headers({ 'Content-Type': 'text/javascript', 'Content-Encoding': 'br' })
        .send(brotliCompressSync('console.log(1)')),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses JSON for a browser that accepts it, and says so in Vary', async () => {
    const response = await request(app.server).get('/api/posts').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.stringify(response.body)).toBe(page);
  });

  it('prefers brotli when both are accepted', async () => {
    const response = await request(app.server).get('/api/posts').set('Accept-Encoding', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends JSON as is to a client that does not accept compression', async () => {
    const response = await request(app.server).get('/api/posts').set('Accept-Encoding', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses streamed JSON of 1 KB or more, and leaves smaller answers as they are', async () => {
    const large = await request(app.server).get('/api/streamed').set('Accept-Encoding', 'gzip');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.stringify(large.body)).toBe(page);
    const tiny = await request(app.server).get('/api/streamed-small').set('Accept-Encoding', 'gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-length']).toBe(String(Buffer.byteLength(small)));
    expect(JSON.stringify(tiny.body)).toBe(small);
  });

  it('never compresses the event stream (a compressor would hold events back)', async () => {
    const response = await request(app.server)
      .get('/api/notifications/stream')
      .set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('leaves files that are compressed already alone', async () => {
    const response = await request(app.server).get('/assets/app.js').set('Accept-Encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
  });
});
