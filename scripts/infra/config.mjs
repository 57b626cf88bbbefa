// @ts-check
// Fixed ports, credentials and folders of the local infrastructure.
// Ports are deliberately non-default (55432, 56379) so a system-wide Postgres or Redis that Debian's
// packages start on 5432/6379 never collides with ours. Kafka keeps 9092 because that is what every
// Kafka client defaults to.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolve from this file, not from process.cwd(): the scripts are called from the repo root, from a
// workspace folder (jest global setup), or from anywhere else.
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const INFRA_DIR = path.join(REPO_ROOT, '.infra'); // gitignored
export const SCRIPTS_DIR = path.join(REPO_ROOT, 'scripts', 'infra');

export const HOST = '127.0.0.1';

export const POSTGRES = {
  port: 55432,
  user: 'daybreak',
  password: 'daybreak',
  databases: ['daybreak', 'daybreak_test'],
  dir: path.join(INFRA_DIR, 'postgres'),
};

export const REDIS = {
  port: 56379,
  dir: path.join(INFRA_DIR, 'redis'),
};

export const KAFKA = {
  version: '3.9.1',
  port: 9092,
  controllerPort: 9093,
  dir: path.join(INFRA_DIR, 'kafka'),
  pom: path.join(SCRIPTS_DIR, 'kafka', 'pom.xml'),
  log4j: path.join(SCRIPTS_DIR, 'kafka', 'log4j.properties'),
  // KRaft needs a cluster id at format time. A fixed one (base64url of 16 bytes, "daybreak-kafka01")
  // keeps formatting deterministic, so wiping only the data folder and re-formatting just works.
  clusterId: 'ZGF5YnJlYWsta2Fma2EwMQ',
};

/**
 * Each stack keeps to its own topics on the shared broker (KAFKA_TOPIC_PREFIX), so a test run never
 * feeds events to a developer's `npm start`, nor one run to another. Production uses no prefix.
 */
export const TOPIC_PREFIXES = {
  dev: 'dev.',
  e2e: 'e2e.',
  bench: 'bench.',
  outage: 'outage.',
  integration: 'int.',
};

/**
 * A second, disposable broker for the tests that take Kafka down (outbox and consumer recovery): they
 * stop and restart this one, never the broker on 9092 that `npm start` and the other tests use. Same
 * jars as KAFKA; its own ports, folder and cluster id ("daybreak-outage1"), formatted fresh per test.
 */
export const OUTAGE_KAFKA = {
  port: 19092,
  controllerPort: 19093,
  dir: path.join(INFRA_DIR, 'kafka-outage'),
  clusterId: 'ZGF5YnJlYWstb3V0YWdlMQ',
};

/**
 * A disposable broker that authenticates its clients as production's do (SASL/SCRAM-SHA-512 on its
 * `saslPort`), for the test of the services' Kafka client (libs/messaging/test/kafka-sasl): its plain
 * `port` is the infra scripts' own (readiness, topics, registering the user). Formatted fresh per test.
 */
export const SASL_KAFKA = {
  port: 29092,
  controllerPort: 29093,
  saslPort: 29094,
  dir: path.join(INFRA_DIR, 'kafka-sasl'),
  clusterId: 'ZGF5YnJlYWstc2FzbDAwMQ',
};

/**
 * A disposable Redis for the tests that take Redis down (e2e/system/redis-outage): they stop and
 * restart this one, never the Redis on 56379 that `npm start` and the other tests use. Same config
 * as REDIS (append-only file), its own port and folder, emptied per test.
 */
export const OUTAGE_REDIS = {
  port: 16379,
  dir: path.join(INFRA_DIR, 'redis-outage'),
};

/**
 * A disposable Postgres for the test that freezes Postgres (e2e/system/postgres-freeze): it stops
 * every process of this one with SIGSTOP and wakes it with SIGCONT, never the cluster on 55432 that
 * `npm start` and the other tests use. Same binaries, settings and superuser as POSTGRES; its own port
 * and folder, initdb'ed fresh per test (about a second).
 */
export const OUTAGE_POSTGRES = {
  port: 15432,
  user: 'daybreak',
  password: 'daybreak',
  databases: ['daybreak'],
  dir: path.join(INFRA_DIR, 'postgres-outage'),
};

export const TOPICS_FILE = path.join(REPO_ROOT, 'libs', 'contracts', 'topics.json');
export const COMPOSE_FILE = path.join(REPO_ROOT, 'docker-compose.yml');

/** Connection settings the services and tests read from their environment. */
export function connectionEnv() {
  const { user, password, port } = POSTGRES;
  return {
    DATABASE_URL: `postgres://${user}:${password}@${HOST}:${port}/daybreak`,
    TEST_DATABASE_URL: `postgres://${user}:${password}@${HOST}:${port}/daybreak_test`,
    REDIS_URL: `redis://${HOST}:${REDIS.port}`,
    KAFKA_BROKERS: `${HOST}:${KAFKA.port}`,
  };
}

/** Path relative to the repo root, for messages ("see .infra/kafka/kafka.log"). */
export function rel(p) {
  const r = path.relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}
