import { Kafka, Partitioners, Producer } from 'kafkajs';

/**
 * The relay's Kafka producer, connected on first use. Its own module because its settings carry the
 * ordering the relay promises, and because a producer that failed is dropped, not reused.
 */
export class RelayProducer {
  private producer: Producer | null = null;

  constructor(private readonly kafka: Kafka) {}

  async connected(): Promise<Producer> {
    if (!this.producer) {
      // One request in flight keeps each partition in outbox order. Not kafkajs' idempotent mode: it
      // needs unlimited retries, while the relay fails fast and retries whole batches itself, and
      // consumers already drop duplicates by event id.
      const producer = this.kafka.producer({
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  /** A producer that saw the broker vanish is replaced rather than trusted to heal itself. */
  async reset(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }
}
