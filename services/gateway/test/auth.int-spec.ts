import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { Global, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CurrentUser } from '@daybreak/contracts';
import { configureServiceApp } from '@daybreak/nest-common';
import { REDIS, RedisModule } from '@daybreak/redis';
import { HttpBrowser, locationOf } from '@daybreak/testing';
import type Redis from 'ioredis';
import { AuthModule, createSessionMiddleware } from '../src/auth';
import { GATEWAY_CONFIG, loadGatewayConfig } from '../src/config';
import { ProviderIdentity, SocialClient } from '../src/downstream/social.client';

// Sign-in end to end over HTTP: the real dev OpenID provider (a child process, as `npm start` runs
// it), the gateway's AuthModule with sessions in the real Redis, and a stand-in for the social
// service (not under test here). A cookie jar plays the browser.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const DEV_IDP = path.resolve(__dirname, '../../../scripts/dev-idp/server.mjs');
const CLIENT_ID = 'daybreak-gateway-test';
const CLIENT_SECRET = 'auth-int-test-client-secret';

jest.setTimeout(60_000);

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts scripts/dev-idp/server.mjs on a free port and resolves with its issuer once it is ready. */
async function startDevIdp(env: Record<string, string>): Promise<{ issuer: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [DEV_IDP], {
    env: { ...process.env, DEV_IDP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev-idp did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /dev-idp ready: issuer=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`dev-idp exited with ${code}:\n${output}`)));
  });
  return { issuer, child };
}

const location = locationOf;

/** The session id inside the signed cookie value `s:<id>.<signature>`. */
const sessionIdOf = (cookieValue: string) =>
  decodeURIComponent(cookieValue)
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');

describe('gateway sign-in with the dev OpenID provider (real Redis)', () => {
  let idp: { issuer: string; child: ChildProcess };
  let app: INestApplication;
  let gateway: string;
  let redis: Redis;
  let social: jest.Mocked<SocialClient>;
  const members = new Map<string, CurrentUser>(); // the stand-in social service's members, by id
  const signIns: ProviderIdentity[] = [];

  beforeAll(async () => {
    const port = await freePort();
    gateway = `http://127.0.0.1:${port}`;
    idp = await startDevIdp({
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URIS: `${gateway}/api/callback`,
      OIDC_POST_LOGOUT_REDIRECT_URIS: `${gateway}/`,
    });
    const config = loadGatewayConfig({
      PUBLIC_URL: gateway,
      REDIS_URL,
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      SESSION_SECRET: 'auth-int-test-session-secret-0123456789',
      SERVICE_TOKEN_SECRET: 'auth-int-test-service-token-secret-0123456789',
      COOKIE_SECURE: 'false',
    });

    // The social service is not part of this test: its client answers from a map.
    social = {
      signIn: jest.fn(async (identity: ProviderIdentity) => {
        signIns.push(identity);
        const id = `member-${identity.subject.slice(0, 12)}`;
        const member: CurrentUser = {
          id,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          profileName: null,
          profileImageUrl: null,
        };
        members.set(id, member);
        return member;
      }),
      getCurrentUser: jest.fn(async (userId: string) => members.get(userId) ?? null),
    } as unknown as jest.Mocked<SocialClient>;

    // What the gateway's AppModule provides globally, and the wiring of gateway-app.ts.
    @Global()
    @Module({
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: SocialClient, useValue: social },
      ],
      exports: [GATEWAY_CONFIG, SocialClient],
    })
    class GatewayStandInModule {}

    @Module({ imports: [GatewayStandInModule, RedisModule.forRoot(REDIS_URL), AuthModule] })
    class AuthTestModule {}

    app = await NestFactory.create(AuthTestModule, {
      logger: process.env.AUTH_TEST_LOGS ? ['error', 'warn', 'log'] : ['error'],
    });
    configureServiceApp(app, { name: 'gateway' });
    app.use('/api', createSessionMiddleware(config, app.get<Redis>(REDIS)));

    await app.listen(port, '127.0.0.1');
    redis = app.get<Redis>(REDIS);
  });

  afterAll(async () => {
    await app?.close();
    if (idp?.child.exitCode === null) {
      idp.child.kill('SIGTERM');
      await once(idp.child, 'exit');
    }
  });

  /**
   * /api/login?returnTo=… → provider → sign-in form → submit → /api/callback. Returns the callback's
   * response and the session cookie the browser held before the callback.
   */
  async function signIn(
    browser: HttpBrowser,
    returnTo: string,
    person = { name: 'Ada Lovelace', email: 'ada@example.com' },
  ) {
    const login = await browser.get(`${gateway}/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(login.status).toBe(302);
    const authorize = location(login, gateway);
    const preLoginCookie = browser.sessionCookie();

    let response = await browser.get(authorize);
    while (response.status >= 300 && response.status < 400)
      response = await browser.get(location(response, idp.issuer));
    expect(response.status).toBe(200);
    const formUrl = response.url;
    expect(await response.text()).toContain('data-testid="dev-idp-submit"');

    response = await browser.post(formUrl, person);
    let next = location(response, idp.issuer);
    while (next.origin === idp.issuer) {
      response = await browser.get(next);
      next = location(response, idp.issuer);
    }
    expect(`${next.origin}${next.pathname}`).toBe(`${gateway}/api/callback`);
    const callback = await browser.get(next);
    return { authorize, preLoginCookie, callback };
  }

  it('signs a member in, rotates the session, serves /api/auth/user, and signs out', async () => {
    const browser = new HttpBrowser();

    const anonymous = await browser.get(`${gateway}/api/auth/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      statusCode: 401,
      code: 'AUTH.UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(browser.sessionCookie()).toBeUndefined(); // nothing stored for anonymous visitors

    const { authorize, preLoginCookie, callback } = await signIn(browser, '/following');

    // The authorization request: our client, code flow, PKCE S256, state and nonce.
    expect(authorize.origin).toBe(idp.issuer);
    expect([...authorize.searchParams.keys()].sort()).toEqual([
      'client_id',
      'code_challenge',
      'code_challenge_method',
      'nonce',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${gateway}/api/callback`,
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(authorize.searchParams.get(param)).toBeTruthy();

    // Back where sign-in started, with a new session (the pre-login one is gone from Redis).
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/following');
    const sessionCookie = browser.sessionCookie();
    expect(preLoginCookie).toBeDefined();
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toBe(preLoginCookie);
    expect(await redis.exists(`sess:${sessionIdOf(preLoginCookie!)}`)).toBe(0);

    // The session holds the member id only, and the cookie is httpOnly, SameSite=Lax, 30 days.
    const stored = JSON.parse((await redis.get(`sess:${sessionIdOf(sessionCookie!)}`))!);
    expect(Object.keys(stored).sort()).toEqual(['cookie', 'userId']);
    const attributes = browser.cookies.get('daybreak.sid')!.attributes.map((a) => a.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes).not.toContain('secure'); // COOKIE_SECURE=false (local http)
    const expires = Date.parse(attributes.find((a) => a.startsWith('expires='))!.slice('expires='.length));
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(await redis.ttl(`sess:${sessionIdOf(sessionCookie!)}`)).toBeGreaterThan(29 * 24 * 3600);

    // The identity the provider vouched for went to the social service.
    expect(signIns.at(-1)).toEqual({
      issuer: idp.issuer,
      subject: createHash('sha256').update('ada@example.com').digest('hex'),
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    const me = await browser.get(`${gateway}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(await me.json()).toMatchObject({
      id: stored.userId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    const logout = await browser.get(`${gateway}/api/logout`);
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(browser.sessionCookie()).toBeUndefined(); // cleared
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);

    // The old cookie, replayed, is worthless: the session is gone from Redis.
    const replay = await fetch(`${gateway}/api/auth/user`, {
      headers: { cookie: `daybreak.sid=${sessionCookie}` },
    });
    expect(replay.status).toBe(401);
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])(
    'ignores an off-site returnTo (%s) and lands on /',
    async (returnTo) => {
      const { callback } = await signIn(new HttpBrowser(), returnTo);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/');
    },
  );

  it('sends the browser to /?login=failed when the callback does not match the login (bad state)', async () => {
    const browser = new HttpBrowser();
    await browser.get(`${gateway}/api/login?returnTo=/following`);
    // Login started: the session holds only the transient login state.
    const pending = JSON.parse((await redis.get(`sess:${sessionIdOf(browser.sessionCookie()!)}`))!);
    expect(pending).toEqual({
      cookie: expect.any(Object),
      returnTo: '/following',
      oidc: {
        state: expect.any(String),
        nonce: expect.any(String),
        code_verifier: expect.any(String),
        response_type: 'code',
      },
    });
    expect(await redis.ttl(`sess:${sessionIdOf(browser.sessionCookie()!)}`)).toBeLessThanOrEqual(15 * 60);

    const forged = await browser.get(
      `${gateway}/api/callback?code=forged&state=not-the-one-we-sent&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('/?login=failed');
    expect(await redis.exists(`sess:${sessionIdOf(browser.sessionCookie()!)}`)).toBe(0); // nothing kept
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);
  });

  it('sends the browser to /?login=failed when the provider reports an error or there is no login', async () => {
    const browser = new HttpBrowser();
    const login = await browser.get(`${gateway}/api/login`);
    const state = location(login, gateway).searchParams.get('state')!;
    const denied = await browser.get(
      `${gateway}/api/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe('/?login=failed');

    // Without an authorization response the callback must not start a new sign-in.
    const bare = await new HttpBrowser().get(`${gateway}/api/callback`);
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/?login=failed');
  });

  it('sends the browser to /?login=failed when the social service cannot sign the member in', async () => {
    social.signIn.mockRejectedValueOnce(new Error('social unavailable'));
    const browser = new HttpBrowser();
    const { callback } = await signIn(browser, '/following');
    expect(callback.headers.get('location')).toBe('/?login=failed');
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);
  });

  it('ends the session when the member no longer exists', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, '/', { name: 'Gone Soon', email: 'gone@example.com' });
    const { id: userId } = (await (await browser.get(`${gateway}/api/auth/user`)).json()) as CurrentUser;
    const sessionId = sessionIdOf(browser.sessionCookie()!);

    members.delete(userId);

    const response = await browser.get(`${gateway}/api/auth/user`);
    expect(response.status).toBe(401);
    expect(await redis.exists(`sess:${sessionId}`)).toBe(0);
  });
});
