import { randomBytes } from 'node:crypto';
import { generateIdentityKeyPair } from '@daybreak/nest-common';
import { consumesEvents, loadNotificationsConfig } from './config';

const { publicKey, privateKey } = generateIdentityKeyPair();

const base = {
  IDENTITY_PUBLIC_KEY: publicKey,
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  // As production needs them (libs/nest-common internal-links.ts): a Redis password, Kafka SASL.
  REDIS_URL: `redis://notifications:${randomBytes(16).toString('hex')}@127.0.0.1:6379`,
  KAFKA_BROKERS: '127.0.0.1:9092',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'notifications',
  KAFKA_SASL_PASSWORD: randomBytes(16).toString('hex'),
};
const vapid = {
  VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
  VAPID_PRIVATE_KEY: randomBytes(32).toString('base64url'),
  VAPID_SUBJECT: 'mailto:ops@daybreak.example',
};

describe('notifications config: web push', () => {
  it('runs without VAPID keys in development (push off), with them anywhere', () => {
    expect(loadNotificationsConfig(base).VAPID_PUBLIC_KEY).toBeUndefined();
    expect(loadNotificationsConfig({ ...base, ...vapid, NODE_ENV: 'production' })).toMatchObject(vapid);
  });

  it('requires the VAPID settings in production, and all three together', () => {
    expect(() => loadNotificationsConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /VAPID_PUBLIC_KEY is required[\s\S]*VAPID_PRIVATE_KEY is required[\s\S]*VAPID_SUBJECT is required/,
    );
    expect(() => loadNotificationsConfig({ ...base, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY is required/,
    );
  });

  it('names a malformed key, subject or extra origin', () => {
    const bad = {
      ...base,
      ...vapid,
      VAPID_PUBLIC_KEY: vapid.VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: 'ops@daybreak.example',
      PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:9999/path',
    };
    expect(() => loadNotificationsConfig(bad)).toThrow(
      /VAPID_PUBLIC_KEY: must be an uncompressed P-256[\s\S]*VAPID_SUBJECT: must be a mailto:[\s\S]*PUSH_EXTRA_ORIGINS: .* is not an origin/,
    );
    expect(
      loadNotificationsConfig({ ...base, PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:1, http://[::1]:2' })
        .PUSH_EXTRA_ORIGINS,
    ).toEqual(['http://127.0.0.1:1', 'http://[::1]:2']);
  });

  it('refuses test push origins (PUSH_EXTRA_ORIGINS) in production, naming the variable', () => {
    const production = { ...base, ...vapid, NODE_ENV: 'production' };
    expect(() =>
      loadNotificationsConfig({ ...production, PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:9999' }),
    ).toThrow(/PUSH_EXTRA_ORIGINS: must be empty in production/);
    expect(loadNotificationsConfig({ ...production, PUSH_EXTRA_ORIGINS: '' }).PUSH_EXTRA_ORIGINS).toEqual([]);
  });

  it('sends 256 pushes at once per worker unless PUSH_WINDOW says otherwise (a whole number ≥ 1)', () => {
    expect(loadNotificationsConfig(base).PUSH_WINDOW).toBe(256);
    expect(loadNotificationsConfig({ ...base, PUSH_WINDOW: '32' }).PUSH_WINDOW).toBe(32);
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => loadNotificationsConfig({ ...base, PUSH_WINDOW: bad })).toThrow(/PUSH_WINDOW/);
  });
});

describe('notifications config: roles', () => {
  const env = {
    IDENTITY_PUBLIC_KEY: publicKey,
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
    REDIS_URL: 'redis://127.0.0.1:6379',
    KAFKA_BROKERS: '127.0.0.1:9092',
  };

  it('runs everything by default, in the notifications-worker group', () => {
    const config = loadNotificationsConfig(env);
    expect(config.NOTIFICATIONS_ROLE).toBe('all');
    expect(config.KAFKA_GROUP_ID).toBe('notifications-worker');
    expect(consumesEvents(config)).toBe(true);
  });

  it('consumes in the worker role, not in the api role', () => {
    expect(consumesEvents(loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'worker' }))).toBe(true);
    expect(consumesEvents(loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'api' }))).toBe(false);
  });

  it('refuses an unknown role', () => {
    expect(() => loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'both' })).toThrow();
  });
});

describe('notifications config: the identity key', () => {
  it('needs the gateway public key, and refuses its private key in its place', () => {
    const { IDENTITY_PUBLIC_KEY: _key, ...withoutKey } = base;
    expect(() => loadNotificationsConfig(withoutKey)).toThrow('IDENTITY_PUBLIC_KEY is required');
    expect(() => loadNotificationsConfig({ ...base, IDENTITY_PUBLIC_KEY: privateKey })).toThrow(
      /IDENTITY_PUBLIC_KEY: not a usable key/,
    );
  });
});
