import { Kafka } from 'kafkajs';
import { createKafka } from './kafka-client';

jest.mock('kafkajs', () => ({ ...jest.requireActual('kafkajs'), Kafka: jest.fn() }));

describe('the Kafka client', () => {
  it('connects with TLS and SASL/SCRAM when the config asks for them', () => {
    const sasl = { mechanism: 'scram-sha-512' as const, username: 'posts', password: 'a-generated-password' };
    createKafka('posts', ['kafka-0.internal:9093'], { ssl: true, sasl });
    expect(Kafka).toHaveBeenLastCalledWith(
      expect.objectContaining({ clientId: 'posts', brokers: ['kafka-0.internal:9093'], ssl: true, sasl }),
    );
  });

  it('connects in plaintext without them (development)', () => {
    createKafka('posts', ['127.0.0.1:9092']);
    const [config] = jest.mocked(Kafka).mock.lastCall!;
    expect(config).not.toHaveProperty('ssl');
    expect(config).not.toHaveProperty('sasl');
  });
});
