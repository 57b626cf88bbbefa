import { type InfraEnv, runInfra } from './native-infra';

/**
 * The images: docker-compose.yml's Postgres and Redis, and Kafka 3.9 (the native broker's version) as
 * Confluent packages it, the image testcontainers' Kafka module knows how to start.
 */
export const CONTAINER_IMAGES = {
  postgres: 'postgres:15',
  redis: 'redis:7',
  kafka: 'confluentinc/cp-kafka:7.9.0',
} as const;

/** The database and superuser the tests expect, as scripts/infra/postgres.mjs makes them. */
const POSTGRES = { database: 'daybreak_test', user: 'daybreak', password: 'daybreak' };
/** The native cluster's settings (scripts/infra/postgres.mjs): test workers' pools, no fsync. */
const POSTGRES_COMMAND = [
  'postgres',
  ...['max_connections=200', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off'].flatMap(
    (setting) => ['-c', setting],
  ),
];
/**
 * The native broker's settings that tests rely on: no topic is created by a client asking for it
 * (ARCHITECTURE §2; the topics come from libs/contracts/topics.json), and one node's replication.
 */
const KAFKA_ENVIRONMENT = {
  KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
  KAFKA_NUM_PARTITIONS: '6',
  KAFKA_DEFAULT_REPLICATION_FACTOR: '1',
  KAFKA_MIN_INSYNC_REPLICAS: '1',
  KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
  KAFKA_TRANSACTION_STATE_LOG_NUM_PARTITIONS: '1',
};
/** The Kafka module's plaintext listener for clients outside Docker (its advertised host port is random). */
const KAFKA_CLIENT_PORT = 9093;

/**
 * Starts Postgres, Redis and Kafka with testcontainers, each on a port Docker picks, and creates the
 * topics as `npm run infra:up` does. Containers are left to testcontainers' reaper, which removes them
 * when the test process exits.
 */
export async function containersUp(createTopics = createTopicsAsInfraUpDoes): Promise<InfraEnv> {
  const [{ PostgreSqlContainer }, { RedisContainer }, { KafkaContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kafka'),
  ]);
  const [postgres, redis, kafka] = await Promise.all([
    new PostgreSqlContainer(CONTAINER_IMAGES.postgres)
      .withDatabase(POSTGRES.database)
      .withUsername(POSTGRES.user)
      .withPassword(POSTGRES.password)
      .withCommand(POSTGRES_COMMAND)
      .start(),
    new RedisContainer(CONTAINER_IMAGES.redis).start(),
    new KafkaContainer(CONTAINER_IMAGES.kafka).withKraft().withEnvironment(KAFKA_ENVIRONMENT).start(),
  ]).catch((error: Error) => {
    throw new Error(
      `Starting the test containers (DAYBREAK_TEST_INFRA=containers needs a Docker engine) failed: ${error.message}`,
      {
        cause: error,
      },
    );
  });
  const env: InfraEnv = {
    DATABASE_URL: postgres.getConnectionUri(),
    REDIS_URL: redis.getConnectionUrl(),
    KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getMappedPort(KAFKA_CLIENT_PORT)}`,
  };
  createTopics(env.KAFKA_BROKERS);
  return env;
}

/** Every stack's topics and their dead-letter topics on `brokers`: scripts/infra's own `ensureTopics`. */
function createTopicsAsInfraUpDoes(brokers: string): void {
  runInfra(`await m.ensureTopics(undefined, { brokers: ${JSON.stringify(brokers.split(','))} });`);
}
