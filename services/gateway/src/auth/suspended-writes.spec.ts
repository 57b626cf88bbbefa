import Fastify from 'fastify';
import { SUSPENDED_MESSAGE } from '@daybreak/contracts';
import { refuseSuspendedWrites } from './suspended-writes';

/** A gateway-shaped app whose session says `suspended` as given, with a few routes. */
async function appWith(suspended: boolean) {
  const app = Fastify();
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    request.session = { userId: 'u-1', ...(suspended ? { suspended: true } : {}) };
  });
  refuseSuspendedWrites(app);
  for (const url of ['/api/posts', '/api/users/u-2/follow', '/api/logout', '/api/sessions/revoke-all'])
    app.post(url, async () => ({ ok: true }));
  app.get('/api/posts', async () => []);
  app.put('/api/notifications/read-all', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  // Fastify's inject needs ESM jest cannot load here: real requests instead.
  return {
    inject: async ({ method, url }: { method: string; url: string }) => {
      const response = await fetch(`${address}${url}`, { method });
      const text = await response.text();
      return { statusCode: response.status, json: () => JSON.parse(text) as unknown };
    },
  };
}

const apps: { close: () => Promise<unknown> }[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

describe('refuseSuspendedWrites (issue 42)', () => {
  it("refuses a suspended session's writes with 403 and the message the SPA shows", async () => {
    const app = await appWith(true);
    for (const url of ['/api/posts', '/api/users/u-2/follow', '/%61pi/posts']) {
      const answer = await app.inject({ method: 'POST', url });
      expect([url, answer.statusCode, answer.json()]).toEqual([
        url,
        403,
        { statusCode: 403, code: 'ACCOUNT.SUSPENDED', message: SUSPENDED_MESSAGE },
      ]);
    }
  });

  it('lets a suspended member read, sign out and mark notifications read', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: '/api/posts' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/sessions/revoke-all' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: '/api/notifications/read-all' })).statusCode).toBe(200);
  });

  it('leaves everyone else alone', async () => {
    const app = await appWith(false);
    expect((await app.inject({ method: 'POST', url: '/api/posts' })).statusCode).toBe(200);
  });
});
