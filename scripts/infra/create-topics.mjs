#!/usr/bin/env node
// @ts-check
// Creates the topics of libs/contracts/topics.json on the brokers in KAFKA_BROKERS (comma-separated),
// with SASL (and TLS) when KAFKA_SASL_MECHANISM (KAFKA_SSL) is set, as the services connect.
// Used by the `topics` service of docker-compose.yml; on the host, `infra.mjs up` does the same.
import { kafkaSecurityFromEnv } from './kafka.mjs';
import { ensureTopics } from './topics.mjs';
import { waitFor } from './exec.mjs';

const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',').map((b) => b.trim());
try {
  const summary = await waitFor(() => ensureTopics(() => {}, { brokers, security: kafkaSecurityFromEnv() }), {
    what: `topics on ${brokers.join(',')}`,
    timeoutMs: 60_000,
    intervalMs: 1000,
  });
  console.log(`topics: ${summary}`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exitCode = 1;
}
