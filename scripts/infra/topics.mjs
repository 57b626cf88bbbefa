// @ts-check
// Pre-creates every topic of libs/contracts/topics.json (ARCHITECTURE §2: never rely on
// auto-creation; the broker has it switched off). Idempotent: existing topics are left alone, except
// that a topic with fewer partitions than listed is grown (Kafka can add partitions, never remove).
import fs from 'node:fs';
import { TOPICS_FILE, TOPIC_PREFIXES, rel } from './config.mjs';
import { InfraError, waitFor } from './exec.mjs';
import { withAdmin } from './kafka.mjs';

/** Every topic libs/contracts/topics.json lists (its registry spec keeps the file in step with the events). */
export function readTopics() {
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(TOPICS_FILE, 'utf8'));
  } catch (err) {
    throw new InfraError(`cannot read ${rel(TOPICS_FILE)}: ${err.message}`);
  }
  const topics = parsed?.topics;
  if (!Array.isArray(topics) || topics.some((t) => typeof t?.name !== 'string')) {
    throw new InfraError(
      `${rel(TOPICS_FILE)} must look like {"topics":[{"name":"post.created.v1","partitions":6}]}`,
    );
  }
  return topics.map((t) => ({ name: t.name, partitions: Number(t.partitions) || 6 }));
}

/**
 * Beside each topic, the dead-letter topic where consumers set aside the events they give up on
 * (libs/messaging DEAD_LETTER_SUFFIX). One partition: few messages, replayed in the order they came.
 */
const DEAD_LETTER_SUFFIX = '.dlq';

/** Each topic of topics.json and its dead-letter topic. */
export function topicsWithDeadLetters() {
  return readTopics().flatMap((t) => [t, { name: t.name + DEAD_LETTER_SUFFIX, partitions: 1 }]);
}

/** Every topic under every stack's prefix, and unprefixed (production's names, Compose). */
function topicsOfEveryStack() {
  const prefixes = ['', ...Object.values(TOPIC_PREFIXES)];
  return topicsWithDeadLetters().flatMap((t) => prefixes.map((prefix) => ({ ...t, name: prefix + t.name })));
}

/**
 * @param {(detail: string) => void} [update] progress detail callback
 * @param {{ brokers?: string[], security?: object }} [options] defaults to our local broker
 *   (127.0.0.1:9092), in plaintext; `security` is kafkajs' `ssl` and `sasl` (kafkaSecurityFromEnv)
 */
export async function ensureTopics(
  update = /** @type {(detail: string) => void} */ (() => {}),
  { brokers, security } = {},
) {
  const wanted = topicsOfEveryStack();
  return withAdmin(
    async (admin) => {
      const existing = new Set(await admin.listTopics());
      const missing = wanted.filter((t) => !existing.has(t.name));
      if (missing.length) {
        update(`creating ${missing.length} topics`);
        await admin.createTopics({
          topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions, replicationFactor: 1 })),
          waitForLeaders: true, // producers right after `up` must not hit LEADER_NOT_AVAILABLE
        });
        // A leader in the metadata may not serve yet (NOT_LEADER_FOR_PARTITION, which kafkajs' admin
        // does not retry): poll until every new topic answers ListOffsets.
        await waitFor(() => Promise.all(missing.map((t) => admin.fetchTopicOffsets(t.name))), {
          what: 'new topics',
          timeoutMs: 30_000,
          intervalMs: 100,
        });
      }
      const present = wanted.filter((t) => existing.has(t.name));
      let grown = 0;
      if (present.length) {
        const { topics } = await admin.fetchTopicMetadata({ topics: present.map((t) => t.name) });
        const current = new Map(topics.map((m) => [m.name, m.partitions.length]));
        const toGrow = present
          .map((t) => ({ topic: t.name, count: t.partitions }))
          .filter((t) => (current.get(t.topic) ?? 0) < t.count);
        if (toGrow.length) {
          await admin.createPartitions({ topicPartitions: toGrow });
          grown = toGrow.length;
        }
      }
      const notes = [missing.length && `${missing.length} created`, grown && `${grown} grown`]
        .filter(Boolean)
        .join(', ');
      return `${wanted.length} present${notes ? ` (${notes})` : ''}`;
    },
    { timeoutMs: 30_000, retries: 8, ...(brokers && { brokers }), security },
  );
}
