import { randomBytes, randomUUID } from 'node:crypto';
import { topicOf } from '@daybreak/contracts';
import { createKafka } from '@daybreak/messaging';
import { baseConfigSchema, kafkaConfigShape, kafkaSecurityOf, loadConfig } from '@daybreak/nest-common';
import {
  INTEGRATION_TOPIC_PREFIX,
  removeSaslBroker,
  startSaslBroker,
  testIdentityKeys,
} from '@daybreak/testing';
import { Kafka } from 'kafkajs';

/**
 * The services' Kafka client against a broker that authenticates as production's does (SASL/SCRAM-
 * SHA-512; the same listener settings as docker-compose.yml's broker): configured from the same
 * variables a service reads, it signs in and exchanges events; a wrong password or none is refused.
 */
describe('the Kafka client with SASL/SCRAM (a broker of its own that authenticates)', () => {
  const user = { username: 'posts', password: randomBytes(24).toString('hex') };
  const topic = INTEGRATION_TOPIC_PREFIX + topicOf('post.liked');
  let brokers: string;

  beforeAll(() => {
    brokers = startSaslBroker(user);
  }, 180_000);
  afterAll(() => removeSaslBroker());

  /** A client made as a service makes it: its config from the environment, then createKafka. */
  const clientFor = (env: Record<string, string>): Kafka => {
    const config = loadConfig(baseConfigSchema.extend(kafkaConfigShape), {
      IDENTITY_PUBLIC_KEY: testIdentityKeys().publicKey,
      KAFKA_BROKERS: brokers,
      ...env,
    });
    return createKafka(`sasl-spec-${randomUUID()}`, config.KAFKA_BROKERS, kafkaSecurityOf(config));
  };
  const credentials = (password: string) => ({
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: user.username,
    KAFKA_SASL_PASSWORD: password,
  });
  /** Sends one message; resolves to what went wrong, or null. */
  const sendWith = async (kafka: Kafka, value: string): Promise<string | null> => {
    const producer = kafka.producer({ retry: { retries: 0 } });
    try {
      await producer.connect();
      await producer.send({ topic, messages: [{ value }] });
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await producer.disconnect().catch(() => undefined);
    }
  };

  it('publishes and consumes with the right password', async () => {
    const kafka = clientFor(credentials(user.password));
    const value = randomUUID();
    expect(await sendWith(kafka, value)).toBeNull();
    const consumer = kafka.consumer({ groupId: `sasl-spec-${randomUUID()}` });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const seen = new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            if (message.value?.toString() === value) resolve();
          },
        });
      });
      await seen;
    } finally {
      await consumer.disconnect();
    }
  });

  it('is refused with a wrong password', async () => {
    expect(await sendWith(clientFor(credentials(randomBytes(24).toString('hex'))), 'x')).toMatch(
      /SASL SCRAM SHA512 authentication failed/,
    );
  });

  it('is refused without credentials', async () => {
    expect(await sendWith(clientFor({}), 'x')).not.toBeNull();
  });
});
