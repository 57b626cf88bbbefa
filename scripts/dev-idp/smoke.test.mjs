// @ts-check
// Drives a whole authorization-code + PKCE sign-in over HTTP, the way a browser and a confidential
// client would, against a provider on a random port. Run: node --test scripts/dev-idp/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { productionRefusal, startDevIdp } from './dev-idp.mjs';
import { SIGN_OUT_SCRIPT, accountIdFor, splitName, validateSignIn } from './sign-in.mjs';

const CLIENT_ID = 'smoke-client';
const CLIENT_SECRET = 'smoke-secret';
const REDIRECT_URI = 'http://127.0.0.1:65530/api/callback'; // never requested: we stop at the redirect
const POST_LOGOUT_URI = 'http://127.0.0.1:65530/';

let idp;
before(async () => {
  idp = await startDevIdp({
    port: 0,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [POST_LOGOUT_URI],
  });
});
after(() => idp?.close());

/** Cookies by name, ignoring paths: enough for one sequential flow against one host. */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        const expired = attributes.some(
          (a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a),
        );
        if (expired || !value) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

async function request(jar, url, init = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

/**
 * Follows redirects while they stay on the provider; returns the first response that isn't one.
 * The tests know which of the two they expect, so both are typed as present.
 * @returns {Promise<{ redirectedTo: URL, response: Response }>}
 */
async function follow(jar, response) {
  while (response.status >= 300 && response.status < 400) {
    const next = new URL(response.headers.get('location'), idp.issuer);
    if (next.origin !== new URL(idp.issuer).origin) return /** @type {any} */ ({ redirectedTo: next });
    response = await request(jar, next);
  }
  return /** @type {any} */ ({ response });
}

function base64url(buffer) {
  return buffer.toString('base64url');
}

function decodeJwtPayload(jwt) {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

async function startAuthorization(jar) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const url = new URL('/auth', idp.issuer);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  const { response } = await follow(jar, await request(jar, url));
  assert.equal(response.status, 200);
  return { verifier, state, nonce, formUrl: response.url, page: await response.text() };
}

function submit(jar, formUrl, fields) {
  return request(jar, formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The confidential client's code exchange (client_secret_basic + PKCE verifier). */
async function exchange(code, verifier) {
  const response = await fetch(new URL('/token', idp.issuer), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      ...(verifier ? { code_verifier: verifier } : {}),
    }),
  });
  const body = /** @type {any} */ (await response.json());
  return { status: response.status, ...body };
}

test('discovery describes an authorization-code + PKCE provider', async () => {
  const metadata = /** @type {any} */ (
    await (await fetch(new URL('/.well-known/openid-configuration', idp.issuer))).json()
  );
  assert.equal(metadata.issuer, idp.issuer);
  assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(metadata.response_types_supported, ['code']);
  for (const scope of ['openid', 'email', 'profile']) assert.ok(metadata.scopes_supported.includes(scope));
});

test('signs in with a name and an e-mail and issues an ID token with the claims', async () => {
  const jar = cookieJar();
  const { verifier, state, nonce, formUrl, page } = await startAuthorization(jar);
  assert.match(page, /data-testid="dev-idp-name"/);
  assert.match(page, /data-testid="dev-idp-email"/);
  assert.match(page, /data-testid="dev-idp-submit"/);
  assert.match(page, /Development sign-in — no password/);
  assert.match(page, /<label for="name">Your name<\/label>/);

  const { redirectedTo } = await follow(
    jar,
    await submit(jar, formUrl, { name: 'Ada  King Lovelace', email: ' Ada@Example.com ' }),
  );
  assert.equal(
    `${redirectedTo.origin}${redirectedTo.pathname}`,
    REDIRECT_URI,
    'no consent screen in between',
  );
  assert.equal(redirectedTo.searchParams.get('state'), state);
  const code = redirectedTo.searchParams.get('code');
  assert.ok(code);

  const tokens = await exchange(code, verifier);
  const claims = decodeJwtPayload(tokens.id_token);
  assert.equal(claims.iss, idp.issuer);
  assert.equal(claims.aud, CLIENT_ID);
  assert.equal(claims.nonce, nonce);
  assert.equal(claims.sub, accountIdFor('ada@example.com'));
  assert.equal(claims.email, 'ada@example.com');
  assert.equal(claims.name, 'Ada King Lovelace');
  assert.equal(claims.given_name, 'Ada');
  assert.equal(claims.family_name, 'King Lovelace');
});

test('asks again on the next sign-in, and the same e-mail is the same member', async () => {
  const jar = cookieJar();
  const first = await startAuthorization(jar);
  const firstLogin = await follow(
    jar,
    await submit(jar, first.formUrl, { name: 'Grace', email: 'grace@example.com' }),
  );
  const firstTokens = await exchange(firstLogin.redirectedTo.searchParams.get('code'), first.verifier);

  // Same browser (provider session cookie still there): the form shows again.
  const second = await startAuthorization(jar);
  assert.match(second.page, /data-testid="dev-idp-email"/);
  const { redirectedTo } = await follow(
    jar,
    await submit(jar, second.formUrl, { name: 'Grace Hopper', email: 'GRACE@example.com' }),
  );
  const secondTokens = await exchange(redirectedTo.searchParams.get('code'), second.verifier);
  const [earlier, later] = [firstTokens, secondTokens].map((t) => decodeJwtPayload(t.id_token));
  assert.equal(later.sub, earlier.sub);
  assert.equal(later.name, 'Grace Hopper', 'the latest name wins');
});

test('the code exchange fails without the PKCE verifier', async () => {
  const jar = cookieJar();
  const { formUrl } = await startAuthorization(jar);
  const { redirectedTo } = await follow(
    jar,
    await submit(jar, formUrl, { name: 'Eve', email: 'eve@example.com' }),
  );
  const response = await exchange(redirectedTo.searchParams.get('code'));
  assert.equal(response.status, 400);
  assert.equal(response.error, 'invalid_grant');
});

test('re-renders the form with errors for a bad e-mail or an empty name', async () => {
  const jar = cookieJar();
  const { formUrl } = await startAuthorization(jar);
  const response = await submit(jar, formUrl, { name: '  ', email: 'not-an-email<script>' });
  assert.equal(response.status, 400);
  const page = await response.text();
  assert.match(page, /role="alert"/);
  assert.match(page, /Please enter your name\./);
  assert.match(page, /Please enter an e-mail address like/);
  assert.match(page, /aria-invalid="true"/);
  assert.doesNotMatch(page, /<script>/, 'what was typed is escaped');

  // The interaction is still usable after the error.
  const { redirectedTo } = await follow(
    jar,
    await submit(jar, formUrl, { name: 'Ok', email: 'ok@example.com' }),
  );
  assert.ok(redirectedTo.searchParams.get('code'));
});

test('an expired or unknown interaction gets a friendly page', async () => {
  const response = await fetch(new URL('/interaction/does-not-exist', idp.issuer));
  assert.equal(response.status, 400);
  assert.match(await response.text(), /This sign-in has expired/);
});

test('signing out (RP-initiated logout) ends the provider session without asking, then returns', async () => {
  const jar = cookieJar();
  const { formUrl, verifier } = await startAuthorization(jar);
  const { redirectedTo } = await follow(
    jar,
    await submit(jar, formUrl, { name: 'Lin', email: 'lin@example.com' }),
  );
  const tokens = await exchange(redirectedTo.searchParams.get('code'), verifier);
  assert.ok(jar.header().includes('_session='), 'signed in at the provider');

  const end = new URL('/session/end', idp.issuer);
  end.search = new URLSearchParams({
    client_id: CLIENT_ID,
    id_token_hint: tokens.id_token,
    post_logout_redirect_uri: POST_LOGOUT_URI,
  }).toString();
  const page = await request(jar, end);
  assert.equal(page.status, 200);
  const html = await page.text();
  // The page submits itself; its CSP allows that one script by hash and nothing else.
  const script = html.match(/<script>(.*?)<\/script>/s)?.[1];
  assert.equal(script, SIGN_OUT_SCRIPT);
  const hash = createHash('sha256').update(script).digest('base64');
  assert.match(
    page.headers.get('content-security-policy') ?? '',
    new RegExp(`script-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
  );
  assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);

  const form = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map(([, name, value]) => [
      name,
      value,
    ]),
  );
  assert.equal(form.logout, 'yes');
  const action = new URL(html.match(/action="([^"]+)"/)?.[1] ?? '', idp.issuer);
  const confirmed = await submit(jar, action, form);
  assert.equal(confirmed.status, 303);
  assert.equal(confirmed.headers.get('location'), POST_LOGOUT_URI);
  assert.ok(!jar.header().includes('_session='), 'the provider session cookie is gone');
});

test('refuses to start with NODE_ENV=production unless marked as a demo on this machine', async () => {
  assert.match(
    productionRefusal({ NODE_ENV: 'production' }) ?? '',
    /refusing to start with NODE_ENV=production/,
  );
  assert.equal(productionRefusal({ NODE_ENV: 'production', DAYBREAK_DEMO: 'true' }), null);
  assert.equal(productionRefusal({ NODE_ENV: 'development' }), null);

  // A demo on this machine (the defaults, docker compose's idp.localhost) may run…
  assert.equal(
    productionRefusal({
      NODE_ENV: 'production',
      DAYBREAK_DEMO: 'true',
      OIDC_ISSUER_URL: 'http://idp.localhost:8090',
      OIDC_REDIRECT_URIS: 'http://localhost:8080/api/callback',
      OIDC_POST_LOGOUT_REDIRECT_URIS: 'http://127.0.0.1:8080/',
    }),
    null,
  );
  // …but the flag can't make it a public provider, nor send browsers back to a public site.
  assert.match(
    productionRefusal({
      NODE_ENV: 'production',
      DAYBREAK_DEMO: 'true',
      OIDC_ISSUER_URL: 'https://login.daybreak.example',
    }) ?? '',
    /is for a demonstration on this machine, and these addresses are not: https:\/\/login\.daybreak\.example/,
  );
  assert.match(
    productionRefusal({
      NODE_ENV: 'production',
      DAYBREAK_DEMO: 'true',
      OIDC_REDIRECT_URIS: 'https://daybreak.example/api/callback',
    }) ?? '',
    /these addresses are not: https:\/\/daybreak\.example\/api\/callback/,
  );

  // The real entry point: exits at once, before listening.
  const server = fileURLToPath(new URL('./server.mjs', import.meta.url));
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, NODE_ENV: 'production', DAYBREAK_DEMO: '', DEV_IDP_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  assert.equal(code, 1);
  assert.match(stderr, /without a password/);
});

test('sign-in rules', () => {
  assert.equal(accountIdFor(' Ada@Example.COM'), accountIdFor('ada@example.com'));
  assert.deepEqual(splitName('Ludwig van Beethoven'), { givenName: 'Ludwig', familyName: 'van Beethoven' });
  assert.deepEqual(splitName('Cher'), { givenName: 'Cher', familyName: null });
  assert.equal(validateSignIn({ name: 'A', email: 'a@b' }).ok, false);
  assert.equal(validateSignIn({ name: 'A', email: 'a@b.co' }).ok, true);
});
