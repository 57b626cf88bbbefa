import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { compressApiAnswers } from './compress-api';

describe('compressApiAnswers', () => {
  const page = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, content: 'Up at five' })));
  const app = express();
  app.use(compressApiAnswers());
  app.get('/api/posts', (_req, res) => res.type('application/json').send(page));
  app.get('/api/notifications/stream', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
    res.end(`data: ${page}\n\n`);
  });
  app.get('/assets/app.js', (_req, res) =>
    res
      .set({ 'Content-Type': 'text/javascript', 'Content-Encoding': 'br' })
      .end(brotliCompressSync('console.log(1)')),
  );

  it('compresses JSON for a browser that accepts it, and says so in Vary', async () => {
    const response = await request(app).get('/api/posts').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.stringify(response.body)).toBe(page);
  });

  it('sends JSON as is to a client that does not accept compression', async () => {
    const response = await request(app).get('/api/posts').set('Accept-Encoding', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the event stream (a compressor would hold events back)', async () => {
    const response = await request(app).get('/api/notifications/stream').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('leaves files that are compressed already alone', async () => {
    const response = await request(app).get('/assets/app.js').set('Accept-Encoding', 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
  });
});
