import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { kafkaSecurityOf } from './internal-links';
import { kafkaConfigShape, loadConfig } from './load-config';

/** A service that uses Redis and Kafka, as posts and notifications do. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  REDIS_URL: z.url(),
  ...kafkaConfigShape,
});
const load = (env: Record<string, string>) => loadConfig(schema, env);

const scram = {
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'posts',
  KAFKA_SASL_PASSWORD: randomBytes(16).toString('hex'),
};
const production = {
  NODE_ENV: 'production',
  REDIS_URL: `redis://posts:${randomBytes(16).toString('hex')}@redis.internal:6379`,
  KAFKA_BROKERS: 'kafka-0.internal:9093,kafka-1.internal:9093',
  KAFKA_SSL: 'true',
  ...scram,
};

describe('internal links in production', () => {
  it('starts with a Redis password and SASL/SCRAM over TLS to Kafka', () => {
    expect(kafkaSecurityOf(load(production))).toEqual({
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'posts', password: scram.KAFKA_SASL_PASSWORD },
    });
    // A password alone (Redis' requirepass) is enough, and so is TLS to Redis.
    expect(() =>
      load({ ...production, REDIS_URL: `rediss://:${randomBytes(16).toString('hex')}@redis:6380` }),
    ).not.toThrow();
  });

  it('refuses a REDIS_URL without a password, naming the variable', () => {
    for (const url of ['redis://redis.internal:6379', 'redis://posts@redis.internal:6379'])
      expect(() => load({ ...production, REDIS_URL: url })).toThrow(
        'REDIS_URL has no password: production Redis must require one',
      );
  });

  it('refuses Kafka without SASL, naming the variables', () => {
    const {
      KAFKA_SASL_MECHANISM: _m,
      KAFKA_SASL_USERNAME: _u,
      KAFKA_SASL_PASSWORD: _p,
      ...plain
    } = production;
    expect(() => load(plain)).toThrow(
      'KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required in production',
    );
  });

  it('refuses a default-looking Kafka password', () => {
    expect(() => load({ ...production, KAFKA_SASL_PASSWORD: 'kafka-password-change-me' })).toThrow(
      /KAFKA_SASL_PASSWORD looks like a default/,
    );
  });
});

describe('Kafka security settings anywhere', () => {
  it('are none in development: plaintext, no authentication', () => {
    const config = load({ REDIS_URL: 'redis://127.0.0.1:6379', KAFKA_BROKERS: '127.0.0.1:9092' });
    expect(kafkaSecurityOf(config)).toEqual({});
  });

  it('come complete or not at all', () => {
    expect(() =>
      load({
        REDIS_URL: 'redis://127.0.0.1:6379',
        KAFKA_BROKERS: '127.0.0.1:9092',
        KAFKA_SASL_USERNAME: 'posts',
      }),
    ).toThrow(
      'KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD go together (missing KAFKA_SASL_MECHANISM, KAFKA_SASL_PASSWORD)',
    );
    expect(() =>
      load({
        REDIS_URL: 'redis://127.0.0.1:6379',
        KAFKA_BROKERS: '127.0.0.1:9092',
        KAFKA_SASL_MECHANISM: 'plain',
      }),
    ).toThrow('KAFKA_SASL_MECHANISM');
  });

  it("trusts a private CA's certificate when given one, and only with TLS", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-ca-'));
    try {
      const caFile = path.join(dir, 'ca.pem');
      writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
      expect(kafkaSecurityOf(load({ ...production, KAFKA_SSL_CA_FILE: caFile })).ssl).toEqual({
        ca: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'],
      });
      expect(() => load({ ...production, KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: caFile })).toThrow(
        'KAFKA_SSL_CA_FILE needs KAFKA_SSL=true',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
