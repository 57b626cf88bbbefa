// @ts-check
// Events for the benchmarks, published to the bench stack's topics as the services' relays would.
import { randomUUID } from 'node:crypto';
import { TOPIC_PREFIXES } from '../scripts/infra/config.mjs';
import { loadKafkajs } from '../scripts/infra/kafka.mjs';

/**
 * An envelope of the event catalogue.
 * @param {string} type @param {Record<string, unknown>} payload @param {string} actorId
 */
export function envelope(type, payload, actorId) {
  return {
    eventId: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: type.startsWith('user.') ? 'social' : 'posts',
    actorId,
    correlationId: 'bench',
    payload,
  };
}

/** A producer to the bench stack's topics; `send` keys each message like the event catalogue does. */
export async function benchProducer(/** @type {string} */ brokers) {
  const { Kafka, Partitioners, logLevel } = loadKafkajs();
  const kafka = new Kafka({ clientId: 'bench', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  return {
    admin,
    /** @param {string} type @param {{ payload: Record<string, unknown> }[]} events @param {string} key */
    async send(type, events, key) {
      for (let i = 0; i < events.length; i += 1000)
        await producer.send({
          topic: `${TOPIC_PREFIXES.bench}${type}.v1`,
          messages: events
            .slice(i, i + 1000)
            .map((event) => ({ key: String(event.payload[key]), value: JSON.stringify(event) })),
        });
    },
    close: () => Promise.all([producer.disconnect(), admin.disconnect()]),
  };
}
