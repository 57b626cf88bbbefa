import { execFileSync } from 'node:child_process';
import type { InfraEnv } from './native-infra';

/** True when a Docker engine answers (not just the client binary). */
export function dockerEngineAvailable(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts Postgres, Redis and Kafka with testcontainers, for machines with a Docker engine. Containers
 * are left to testcontainers' reaper, which removes them when the test process exits.
 */
export async function containersUp(): Promise<InfraEnv> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, redis, kafka] = await Promise.all([
    new GenericContainer('postgres:15')
      .withEnvironment({
        POSTGRES_USER: 'daybreak',
        POSTGRES_PASSWORD: 'daybreak',
        POSTGRES_DB: 'daybreak_test',
      })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
    new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts({ container: 9092, host: 39092 })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://127.0.0.1:39092',
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start(),
  ]);
  return {
    DATABASE_URL: `postgres://daybreak:daybreak@${postgres.getHost()}:${postgres.getMappedPort(5432)}/daybreak_test`,
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    KAFKA_BROKERS: `${kafka.getHost()}:39092`,
  };
}
