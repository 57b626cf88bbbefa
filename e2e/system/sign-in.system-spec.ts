import { createHash, randomInt, randomUUID } from 'node:crypto';
import { SIGN_IN_OUTCOME_COOKIE, type CurrentUser } from '@daybreak/contracts';
import { HttpBrowser, locationOf } from '@daybreak/testing';
import Redis from 'ioredis';
import { Client } from 'pg';
import { newMember } from '../support/identity';
import { stackEnv } from '../support/stack-env';

/**
 * Sign-in over HTTP through the real gateway, dev OpenID provider, social service, Redis and
 * Postgres of the e2e stack. A cookie jar plays the browser; Redis and the social service's table
 * are read to check what the gateway keeps and what it passed on.
 */
describe('sign-in through the gateway and the dev OpenID provider', () => {
  const stack = stackEnv();
  const gateway = stack.baseUrl;
  const idp = stack.idpUrl;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(stack.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis?.quit();
  });

  /**
   * A browser of its own. The gateway allows 30 sign-ins a minute per client address, and the other
   * system tests sign in from 127.0.0.1. This file's browsers carry X-Forwarded-For, as a reverse
   * proxy on loopback (which the gateway trusts) would, each with an address of its own
   * (TEST-NET-2), so neither eats into the other's allowance.
   */
  const newBrowser = () => new HttpBrowser({ 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` });

  /** The session id inside the signed cookie value `s:<id>.<signature>`. */
  const sessionIdOf = (cookieValue: string) =>
    decodeURIComponent(cookieValue)
      .replace(/^s:/, '')
      .replace(/\.[^.]*$/, '');
  const sessionKey = (browser: HttpBrowser) => `sess:${sessionIdOf(browser.sessionCookie()!)}`;

  /** Runs one query against the stack's database (the social service's tables are in `social`). */
  async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /**
   * /api/login?returnTo=… → provider → sign-in form → submit → /api/callback. Returns the
   * authorization request, the session cookie the browser held before the callback, and the
   * callback's response.
   */
  async function signIn(
    browser: HttpBrowser,
    returnTo: string,
    person = newMember('Ada', 'Lovelace'),
    moreQuery = '',
  ) {
    const login = await browser.get(
      `${gateway}/api/login?returnTo=${encodeURIComponent(returnTo)}${moreQuery}`,
    );
    expect(login.status).toBe(302);
    const authorize = locationOf(login, gateway);
    const preLoginCookie = browser.sessionCookie();

    let response = await browser.get(authorize);
    while (response.status >= 300 && response.status < 400)
      response = await browser.get(locationOf(response, idp));
    expect(response.status).toBe(200);
    const formUrl = response.url;
    expect(await response.text()).toContain('data-testid="dev-idp-submit"');

    response = await browser.post(formUrl, person);
    let next = locationOf(response, idp);
    while (next.origin === idp) {
      response = await browser.get(next);
      next = locationOf(response, idp);
    }
    expect(`${next.origin}${next.pathname}`).toBe(`${gateway}/api/callback`);
    const callback = await browser.get(next);
    return { authorize, preLoginCookie, callback, person };
  }

  it('answers a guest 401 and stores nothing for them', async () => {
    const browser = newBrowser();
    const anonymous = await browser.get(`${gateway}/api/auth/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      statusCode: 401,
      code: 'AUTH.UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it('tells the SPA, in a one-minute cookie scripts can read, whether the sign-in created the member', async () => {
    const person = newMember('Grace', 'Hopper');
    const first = newBrowser();
    await signIn(first, '/', person);
    const outcome = first.cookies.get(SIGN_IN_OUTCOME_COOKIE);
    expect(outcome?.value).toBe('new');
    const attributes = outcome!.attributes.map((a) => a.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['max-age=60', 'path=/', 'samesite=lax']));
    expect(attributes).not.toContain('httponly');

    const later = newBrowser();
    await signIn(later, '/', person);
    expect(later.cookies.get(SIGN_IN_OUTCOME_COOKIE)?.value).toBe('returning');
  });

  it('signs a member in on a new session, serves /api/auth/user, and signs out for good', async () => {
    const browser = newBrowser();
    const { authorize, preLoginCookie, callback, person } = await signIn(browser, '/following');

    // The authorization request: our client, code flow, PKCE S256, state and nonce.
    expect(authorize.origin).toBe(idp);
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
      client_id: stack.oidcClientId,
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

    // The session holds the member id, when they signed in (the absolute lifetime starts there) and the
    // provider's ID token (the hint for its sign-out); the cookie is httpOnly, SameSite=Lax, 30 days.
    const stored = JSON.parse((await redis.get(sessionKey(browser)))!);
    expect(Object.keys(stored).sort()).toEqual(['cookie', 'idToken', 'signedInAt', 'userId']);
    expect(Date.now() - stored.signedInAt).toBeLessThan(60_000);
    const attributes = browser.cookies.get('daybreak.sid')!.attributes.map((a) => a.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes).not.toContain('secure'); // the e2e stack is served over plain http
    const expires = Date.parse(attributes.find((a) => a.startsWith('expires='))!.slice('expires='.length));
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(await redis.ttl(sessionKey(browser))).toBeGreaterThan(29 * 24 * 3600);

    // The identity the provider vouched for is the one the social service keeps for the member.
    const [member] = await query<Record<string, string>>(
      `SELECT identity_issuer, identity_subject, email, first_name, last_name FROM social.users WHERE id = $1`,
      [stored.userId],
    );
    expect(member).toEqual({
      identity_issuer: idp,
      identity_subject: createHash('sha256').update(person.email).digest('hex'),
      email: person.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });

    const me = await browser.get(`${gateway}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(await me.json()).toMatchObject({
      id: stored.userId,
      email: person.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    // Another site can't sign the member out: neither a link to the spec's /api/logout navigation
    // (it lands on the feed) nor a cross-site form (a POST with its Origin) does anything.
    for (const site of ['cross-site', 'same-site']) {
      const fromElsewhere = await browser.get(`${gateway}/api/logout`, {
        headers: { 'sec-fetch-site': site },
      });
      expect({ site, status: fromElsewhere.status, to: fromElsewhere.headers.get('location') }).toEqual({
        site,
        status: 302,
        to: '/',
      });
    }
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(200);
    const crossSite = await browser.get(`${gateway}/api/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(200);

    // Our SPA's sign-out: a same-origin POST, answered with the provider's sign-out address.
    const logout = await browser.get(`${gateway}/api/logout`, {
      method: 'POST',
      headers: { origin: gateway },
    });
    expect(logout.status).toBe(200);
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${idp}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${gateway}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBe(stored.idToken);
    expect(browser.sessionCookie()).toBeUndefined(); // cleared
    expect(await redis.exists(`sess:${sessionIdOf(sessionCookie!)}`)).toBe(0);
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);

    // The old cookie, replayed, is worthless: the session is gone from Redis.
    const replay = await fetch(`${gateway}/api/auth/user`, {
      headers: { cookie: `daybreak.sid=${sessionCookie}` },
    });
    expect(replay.status).toBe(401);

    // The provider ends its own session too and sends the browser back to the app.
    expect(browser.cookies.has('_session')).toBe(true);
    const page = await browser.get(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1], idp);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map(([, name, value]) => [
        name,
        value,
      ]),
    );
    const confirmed = await browser.post(action, fields);
    expect(confirmed.headers.get('location')).toBe(`${gateway}/`);
    expect(browser.cookies.has('_session')).toBe(false);
  });

  it('puts security headers on the SPA, the API and images', async () => {
    const responses = await Promise.all(
      ['/', '/profile', '/api/auth/user', '/api/posts?limit=1', '/objects/no-such-image'].map((path) =>
        fetch(`${gateway}${path}`),
      ),
    );
    for (const response of responses) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull(); // the e2e stack is plain http
    }
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])(
    'ignores an off-site returnTo (%s) and lands on /',
    async (returnTo) => {
      const { callback } = await signIn(newBrowser(), returnTo);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/');
    },
  );

  it('sends the browser to /?login=failed when the callback does not match the login (bad state)', async () => {
    const browser = newBrowser();
    await browser.get(`${gateway}/api/login?returnTo=/following`);
    // Login started: the session holds only the transient login state, for 15 minutes at most.
    const pending = JSON.parse((await redis.get(sessionKey(browser)))!);
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
    expect(await redis.ttl(sessionKey(browser))).toBeLessThanOrEqual(15 * 60);

    const forged = await browser.get(
      `${gateway}/api/callback?code=forged&state=not-the-one-we-sent&iss=${encodeURIComponent(idp)}`,
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('/?login=failed');
    expect(await redis.exists(sessionKey(browser))).toBe(0); // nothing kept
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);
  });

  it('sends the browser to /?login=failed when the provider reports an error or there is no login', async () => {
    const browser = newBrowser();
    const login = await browser.get(`${gateway}/api/login`);
    const state = locationOf(login, gateway).searchParams.get('state')!;
    const denied = await browser.get(
      `${gateway}/api/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp)}`,
    );
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe('/?login=failed');

    // Without an authorization response the callback must not start a new sign-in.
    const bare = await newBrowser().get(`${gateway}/api/callback`);
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/?login=failed');
  });

  it('sends the browser to /?login=failed when the social service refuses the identity', async () => {
    // The dev provider passes a name with a NUL character through as typed; Postgres cannot store
    // one, so the social service refuses the identity (400) and the member cannot be signed in.
    const browser = newBrowser();
    const person = { name: 'Nul\u0000 Early', email: `nul.${randomUUID().slice(0, 8)}@example.test` };
    const { callback } = await signIn(browser, '/following', person);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?login=failed');
    expect(await redis.exists(sessionKey(browser))).toBe(0); // the login state is dropped
    expect((await browser.get(`${gateway}/api/auth/user`)).status).toBe(401);
    expect(await query('SELECT id FROM social.users WHERE email = $1', [person.email])).toEqual([]);
  });

  it('signs in any e-mail the provider vouches for, and keeps the zone the browser sent', async () => {
    const browser = newBrowser();
    const person = { name: 'Bang Early', email: `bang!${randomUUID().slice(0, 8)}@example.test` };
    const { callback } = await signIn(browser, '/', person, '&timezone=Asia%2FTokyo');
    expect(callback.headers.get('location')).toBe('/');
    const me = (await (await browser.get(`${gateway}/api/auth/user`)).json()) as CurrentUser;
    expect(me.email).toBe(person.email);
    const [stored] = await query<{ timezone: string }>('SELECT timezone FROM social.users WHERE id = $1', [
      me.id,
    ]);
    expect(stored.timezone).toBe('Asia/Tokyo');

    // A zone that does not exist is ignored, not a failed sign-in.
    const other = newBrowser();
    const { callback: ignored } = await signIn(
      other,
      '/',
      newMember('Zone', 'Less'),
      '&timezone=Mars%2FBase',
    );
    expect(ignored.headers.get('location')).toBe('/');
  });

  it('ends the session when the member no longer exists', async () => {
    const browser = newBrowser();
    await signIn(browser, '/', newMember('Gone', 'Soon'));
    const me = await browser.get(`${gateway}/api/auth/user`);
    expect(me.status).toBe(200);
    const { id: userId } = (await me.json()) as CurrentUser;
    const key = sessionKey(browser);

    // The account goes away behind the gateway's back (there is no API to delete one).
    await query('DELETE FROM social.users WHERE id = $1', [userId]);

    const response = await browser.get(`${gateway}/api/auth/user`);
    expect(response.status).toBe(401);
    expect(browser.sessionCookie()).toBeUndefined(); // the gateway cleared the cookie
    expect(await redis.exists(key)).toBe(0);
  });
});
