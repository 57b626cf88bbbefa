#!/usr/bin/env node
// @ts-check
// Sends the dead letters of a topic (<topic>.dlq, where consumers set aside the events they gave up
// on) back to the topic, once their cause is fixed (docs/operations.md, "DeadLetters").
//
//   node scripts/replay-dlq.mjs <topic> [--group <consumer group>] [--reason <reason>] [--dry-run] [--force]
//
// <topic> is the source topic as the broker names it (with the deployment's prefix, if any), e.g.
// post.liked.v1. KAFKA_BROKERS (comma-separated) says where, 127.0.0.1:9092 by default. The script
// reads the dead-letter topic up to where it ends now, from where its own consumer group
// (daybreak-dlq-replay) last stopped, sends each dead letter back with its key and original headers
// (the dlq-* ones dropped), and then moves that group past them: a second run sends only what was
// dead-lettered since. --group replays only the dead letters of one consumer group, --reason only
// those of one reason (handler_failed, malformed); the others are passed over. --dry-run lists them and changes nothing. A dead letter older than the inboxes'
// retention (INBOX_RETENTION_DAYS, 15 by default) is refused without --force: the groups that had
// applied its event no longer remember it and would apply it again.
import { loadKafkajs } from './infra/kafka.mjs';

const DEAD_LETTER_SUFFIX = '.dlq'; // libs/messaging DEAD_LETTER_SUFFIX
const REPLAY_GROUP = 'daybreak-dlq-replay';
const READ_TIMEOUT_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** @param {string[]} argv */
function parseArgs(argv) {
  const options = { topic: '', group: '', reason: '', dryRun: false, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--force') options.force = true;
    else if (arg === '--group') options.group = argv[++i] ?? '';
    else if (arg === '--reason') options.reason = argv[++i] ?? '';
    else if (!arg.startsWith('--') && !options.topic) options.topic = arg;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.topic)
    throw new Error(
      'usage: replay-dlq.mjs <topic> [--group <group>] [--reason <reason>] [--dry-run] [--force]',
    );
  if (options.topic.endsWith(DEAD_LETTER_SUFFIX))
    options.topic = options.topic.slice(0, -DEAD_LETTER_SUFFIX.length);
  return options;
}

/** @param {Record<string, unknown> | undefined} headers */
function textHeaders(headers = {}) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

/**
 * The dead letters from the replay group's position to the end of the topic as it is now.
 * @param {any} kafka kafkajs' Kafka
 * @param {any} admin kafkajs' Admin
 * @param {string} deadLetterTopic
 */
async function readDeadLetters(kafka, admin, deadLetterTopic) {
  const ends = new Map(
    (await admin.fetchTopicOffsets(deadLetterTopic)).map(({ partition, high, low }) => [
      partition,
      { high: BigInt(high), low: BigInt(low) },
    ]),
  );
  const [committed] = await admin.fetchOffsets({ groupId: REPLAY_GROUP, topics: [deadLetterTopic] });
  const waiting = new Set(
    [...ends]
      .filter(([partition, { high, low }]) => {
        const offset = BigInt(committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1');
        return high > (offset < low ? low : offset);
      })
      .map(([partition]) => partition),
  );
  /** @type {{ partition: number; message: any }[]} */
  const letters = [];
  if (waiting.size === 0) return { letters, ends };
  const consumer = kafka.consumer({ groupId: REPLAY_GROUP });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: deadLetterTopic, fromBeginning: true });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`could not read ${deadLetterTopic} to its end`)),
        READ_TIMEOUT_MS,
      );
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const end = ends.get(partition)?.high ?? 0n;
            if (BigInt(message.offset) < end) letters.push({ partition, message });
            if (BigInt(message.offset) >= end - 1n) waiting.delete(partition);
            if (waiting.size === 0) {
              clearTimeout(timer);
              resolve(undefined);
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return { letters, ends };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const deadLetterTopic = options.topic + DEAD_LETTER_SUFFIX;
  const inboxDays = Number(process.env.INBOX_RETENTION_DAYS ?? 15);
  const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',').map((b) => b.trim());
  const { Kafka, Partitioners, logLevel } = loadKafkajs();
  const kafka = new Kafka({ clientId: 'daybreak-dlq-replay', brokers, logLevel: logLevel.WARN });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { letters, ends } = await readDeadLetters(kafka, admin, deadLetterTopic);
    const chosen = letters.filter(({ message }) => {
      const headers = textHeaders(message.headers);
      return (
        (!options.group || headers['dlq-group'] === options.group) &&
        (!options.reason || headers['dlq-reason'] === options.reason)
      );
    });
    for (const { partition, message } of chosen) {
      const headers = textHeaders(message.headers);
      console.log(
        `${deadLetterTopic}[${partition}]@${message.offset}: ${headers['dlq-reason']} for ${headers['dlq-group']} ` +
          `after ${headers['dlq-attempts']} attempt(s) at ${headers['dlq-at']} (from ` +
          `${headers['dlq-source-topic']}[${headers['dlq-source-partition']}]@${headers['dlq-source-offset']}): ${headers['dlq-error']}`,
      );
    }
    const tooOld = chosen.filter(
      ({ message }) =>
        Date.now() - Date.parse(textHeaders(message.headers)['dlq-at'] ?? '') > inboxDays * DAY_MS,
    );
    if (options.dryRun) return console.log(`${chosen.length} dead letter(s); --dry-run: nothing sent`);
    if (tooOld.length > 0 && !options.force)
      throw new Error(
        `${tooOld.length} dead letter(s) are older than the inboxes' ${inboxDays} days: groups that applied them ` +
          'would apply them again. Replay with --force only if their handlers are idempotent by themselves.',
      );
    if (chosen.length > 0) {
      const producer = kafka.producer({
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      try {
        // In the order they were dead-lettered, each to its source topic (the partition its key picks).
        for (const { message } of chosen) {
          const headers = Object.fromEntries(
            Object.entries(message.headers ?? {}).filter(([name]) => !name.startsWith('dlq-')),
          );
          const topic = textHeaders(message.headers)['dlq-source-topic'] || options.topic;
          await producer.send({
            topic,
            acks: -1,
            messages: [{ key: message.key, value: message.value, headers }],
          });
        }
      } finally {
        await producer.disconnect();
      }
    }
    if (letters.length > 0)
      await admin.setOffsets({
        groupId: REPLAY_GROUP,
        topic: deadLetterTopic,
        partitions: [...ends].map(([partition, { high }]) => ({ partition, offset: String(high) })),
      });
    console.log(`${chosen.length} dead letter(s) sent back to ${options.topic}`);
  } finally {
    await admin.disconnect();
  }
}

main().catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exitCode = 1;
});
