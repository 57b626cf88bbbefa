import { dockerEngineAvailable, containersUp } from './containers';
import { assertTestDatabase } from './database';
import { InfraEnv, nativeInfraUp } from './native-infra';
import { testIdentityKeys } from './test-identity-keys';

/**
 * Gives integration tests real infrastructure: addresses from the environment when infra already
 * runs (CI's test script starts it once), else the native infra scripts, else testcontainers.
 * Worker processes inherit what is set on process.env here.
 */
export default async function globalSetup(): Promise<void> {
  const env = await acquireInfrastructure();
  const databaseUrl = new URL(env.DATABASE_URL);
  if (!/test/i.test(databaseUrl.pathname)) databaseUrl.pathname = '/daybreak_test';
  assertTestDatabase(databaseUrl.toString());
  testIdentityKeys(); // sets IDENTITY_PRIVATE_KEY and IDENTITY_PUBLIC_KEY for the workers
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: env.REDIS_URL,
    KAFKA_BROKERS: env.KAFKA_BROKERS,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
}

async function acquireInfrastructure(): Promise<InfraEnv> {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (DATABASE_URL && REDIS_URL && KAFKA_BROKERS) return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
  if (process.env.DAYBREAK_INFRA !== 'native' && dockerEngineAvailable()) return containersUp();
  return nativeInfraUp();
}
