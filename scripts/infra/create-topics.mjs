#!/usr/bin/env node
// @ts-check
// Creates the topics of libs/contracts/topics.json on the brokers in KAFKA_BROKERS (comma-separated).
// Used by the `topics` service of docker-compose.yml; on the host, `infra.mjs up` does the same.
import { ensureTopics } from './topics.mjs';
import { waitFor } from './exec.mjs';

const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',').map((b) => b.trim());
try {
  const summary = await waitFor(() => ensureTopics(() => {}, { brokers }), {
    what: `topics on ${brokers.join(',')}`,
    timeoutMs: 60_000,
    intervalMs: 1000,
  });
  console.log(`topics: ${summary}`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exitCode = 1;
}
