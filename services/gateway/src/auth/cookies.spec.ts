import Fastify, { type RouteHandlerMethod } from 'fastify';
import request from 'supertest';
import { clearCookie, setCookie } from './cookies';

describe('cookies on an answer', () => {
  async function answerOf(route: RouteHandlerMethod) {
    const fastify = Fastify();
    fastify.get('/', route);
    await fastify.ready();
    try {
      return (await request(fastify.server).get('/').expect(200)).headers['set-cookie'];
    } finally {
      await fastify.close();
    }
  }

  it('sets each cookie with its attributes, and keeps every one of them', async () => {
    const cookies = await answerOf((_request, reply) => {
      setCookie(reply, 'outcome', 'sign_up', { path: '/', sameSite: 'lax', maxAge: 60 });
      setCookie(reply, 'other', 'a b', { path: '/', httpOnly: true });
      return reply.send('');
    });
    expect(cookies).toEqual([
      'outcome=sign_up; Max-Age=60; Path=/; SameSite=Lax',
      'other=a%20b; Path=/; HttpOnly',
    ]);
  });

  it('clears a cookie with an empty value that expired long ago, on the path it was set on', async () => {
    const cookies = await answerOf((_request, reply) => {
      clearCookie(reply, 'daybreak.sid', { path: '/', httpOnly: true, sameSite: 'lax', secure: false });
      return reply.send('');
    });
    expect(cookies).toEqual([
      'daybreak.sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    ]);
  });
});
