import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { generateIdentityKeyPair } from '@daybreak/nest-common';
import { loadGatewayConfig } from './config';

const random = () => randomBytes(32).toString('hex');
const identityKeys = generateIdentityKeyPair();

/** A configuration production accepts: https everywhere, a real provider, generated secrets. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://daybreak.example',
  INTERNAL_PORT: '9464',
  REDIS_URL: `redis://gateway:${random()}@redis.internal:6379`,
  OIDC_ISSUER_URL: 'https://login.daybreak.example',
  OIDC_CLIENT_ID: 'daybreak-gateway',
  OIDC_CLIENT_SECRET: random(),
  SESSION_SECRET: random(),
  IDENTITY_PRIVATE_KEY: identityKeys.privateKey,
};

const refusal = (overrides: Record<string, string>) => () =>
  loadGatewayConfig({ ...production, ...overrides });

describe('gateway configuration in production', () => {
  it('starts with https URLs, a real provider and generated secrets', () => {
    expect(loadGatewayConfig(production)).toMatchObject({ NODE_ENV: 'production', DAYBREAK_DEMO: false });
  });

  it('refuses an http PUBLIC_URL', () => {
    expect(refusal({ PUBLIC_URL: 'http://daybreak.example' })).toThrow(
      'PUBLIC_URL must be https in production (got http://daybreak.example)',
    );
  });

  it('refuses an http issuer', () => {
    expect(refusal({ OIDC_ISSUER_URL: 'http://login.daybreak.example' })).toThrow(
      'OIDC_ISSUER_URL must be https in production',
    );
  });

  it.each([
    'https://localhost:8090',
    'https://idp.localhost:8090',
    'https://127.0.0.1:8090',
    'https://127.1.2.3',
    'https://[::1]:8090',
    'https://0.0.0.0:8090',
  ])('refuses a loopback issuer (%s): the development provider', (issuer) => {
    expect(refusal({ OIDC_ISSUER_URL: issuer })).toThrow(/OIDC_ISSUER_URL points at this machine/);
  });

  it('refuses non-Secure cookies', () => {
    expect(refusal({ COOKIE_SECURE: 'false' })).toThrow(
      'COOKIE_SECURE=false: the session cookie must be Secure in production',
    );
  });

  it.each([
    ['SESSION_SECRET', 'our-session-key-change-me-0123456789abcdef', 'change-me'],
    ['SESSION_SECRET', 'a-placeholder-value-that-is-long-enough-1234', 'placeholder'],
    ['OIDC_CLIENT_SECRET', 'dev-secret-change-me', 'secret'],
    ['OIDC_CLIENT_SECRET', 'replace-with-your-provider-client-value', 'replace'],
    ['SESSION_SECRET', 'x'.repeat(32), 'fewer than 10 different characters'],
  ])('refuses a %s that looks like a default (%s)', (name, value, reason) => {
    expect(refusal({ [name]: value })).toThrow(name);
    expect(refusal({ [name]: value })).toThrow(reason);
  });

  it('refuses to start without the private key that signs identity tokens', () => {
    const { IDENTITY_PRIVATE_KEY: _key, ...withoutKey } = production;
    expect(() => loadGatewayConfig(withoutKey)).toThrow('IDENTITY_PRIVATE_KEY is required');
  });

  it('refuses an identity key that is not an Ed25519 private key', () => {
    expect(refusal({ IDENTITY_PRIVATE_KEY: identityKeys.publicKey })).toThrow(
      /IDENTITY_PRIVATE_KEY: not a usable key/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(
      refusal({ IDENTITY_PRIVATE_KEY: rsa.export({ format: 'pem', type: 'pkcs8' }).toString() }),
    ).toThrow('IDENTITY_PRIVATE_KEY must be an Ed25519 key (got rsa)');
    expect(refusal({ IDENTITY_PRIVATE_KEY: random() })).toThrow(/IDENTITY_PRIVATE_KEY: not a usable key/);
  });

  it('names every problem at once', () => {
    expect(
      refusal({
        PUBLIC_URL: 'http://localhost:8080',
        COOKIE_SECURE: 'false',
        SESSION_SECRET: 'x'.repeat(40),
      }),
    ).toThrow(/PUBLIC_URL must be https[\s\S]*COOKIE_SECURE=false[\s\S]*SESSION_SECRET looks like a default/);
  });

  it('lets an explicitly marked demo (docker compose on http://localhost) use http and the dev provider', () => {
    const demo = {
      DAYBREAK_DEMO: 'true',
      PUBLIC_URL: 'http://localhost:8080',
      OIDC_ISSUER_URL: 'http://idp.localhost:8090',
      COOKIE_SECURE: 'false',
    };
    expect(loadGatewayConfig({ ...production, ...demo })).toMatchObject({ DAYBREAK_DEMO: true });
    // …but never with default-looking secrets.
    expect(refusal({ ...demo, SESSION_SECRET: 'dev-only-session-secret-change-me-0123456789' })).toThrow(
      /SESSION_SECRET looks like a default/,
    );
  });

  it('does not let DAYBREAK_DEMO switch the guards off for a public address', () => {
    const demoFlagOnly = { DAYBREAK_DEMO: 'true', OIDC_ISSUER_URL: 'http://idp.localhost:8090' };
    expect(refusal(demoFlagOnly)).toThrow(
      /DAYBREAK_DEMO=true is for a demonstration on this machine[\s\S]*OIDC_ISSUER_URL must be https/,
    );
    expect(refusal({ ...demoFlagOnly, PUBLIC_URL: 'http://daybreak.example' })).toThrow(
      /PUBLIC_URL must be https/,
    );
    expect(refusal({ DAYBREAK_DEMO: 'true', COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE=false/);
    for (const local of [
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://daybreak.localhost',
      'http://[::1]:8080',
    ])
      expect(loadGatewayConfig({ ...production, ...demoFlagOnly, PUBLIC_URL: local })).toMatchObject({
        DAYBREAK_DEMO: true,
      });
  });

  it('serves /metrics and /health on an internal port only', () => {
    const { INTERNAL_PORT: _port, ...withoutInternalPort } = production;
    expect(() => loadGatewayConfig(withoutInternalPort)).toThrow(
      'INTERNAL_PORT is required in production: /metrics and /health are served on it, not on PORT',
    );
    expect(refusal({ PORT: '8080', INTERNAL_PORT: '8080' })).toThrow('INTERNAL_PORT must differ from PORT');
    expect(
      loadGatewayConfig({ ...withoutInternalPort, NODE_ENV: 'development' }).INTERNAL_PORT,
    ).toBeUndefined();
  });

  it('leaves development alone (npm start and the test stacks run on http://127.0.0.1)', () => {
    expect(
      loadGatewayConfig({
        ...production,
        NODE_ENV: 'development',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        OIDC_ISSUER_URL: 'http://127.0.0.1:8090',
        OIDC_CLIENT_SECRET: 'dev-secret-change-me',
      }),
    ).toMatchObject({ NODE_ENV: 'development' });
  });

  it('trusts X-Forwarded-For from the named proxies only, and never from anyone (`true`)', () => {
    expect(loadGatewayConfig(production).TRUST_PROXY).toBe('loopback');
    expect(loadGatewayConfig({ ...production, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(refusal({ TRUST_PROXY: 'true' })).toThrow('name the proxies to trust');
  });
});
