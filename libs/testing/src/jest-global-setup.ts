import { containersUp } from './containers';
import { assertTestDatabase } from './database';
import { InfraEnv, nativeInfraUp } from './native-infra';
import { testIdentityKeys } from './test-identity-keys';

/**
 * Where integration tests get Postgres, Redis and Kafka (README's variables): `native`, the default
 * (addresses from the environment when infra already runs, as `npm test` and CI start it once, else
 * scripts/infra), or `containers` (testcontainers on a machine with Docker: fresh ones, on random
 * ports, whatever the environment says).
 */
export const TEST_INFRA_VARIABLE = 'DAYBREAK_TEST_INFRA';
const TEST_INFRAS = ['native', 'containers'] as const;

/**
 * Gives integration tests real infrastructure, as DAYBREAK_TEST_INFRA says. Worker processes inherit
 * what is set on process.env here.
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

export async function acquireInfrastructure(environment = process.env): Promise<InfraEnv> {
  if (testInfra(environment) === 'containers') return containersUp();
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = environment;
  if (DATABASE_URL && REDIS_URL && KAFKA_BROKERS) return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
  return nativeInfraUp();
}

function testInfra(environment: NodeJS.ProcessEnv): (typeof TEST_INFRAS)[number] {
  const chosen = environment[TEST_INFRA_VARIABLE] || 'native';
  const known = TEST_INFRAS.find((each) => each === chosen);
  if (!known) throw new Error(`${TEST_INFRA_VARIABLE} is ${TEST_INFRAS.join(' or ')}, not "${chosen}"`);
  return known;
}
