import { Logger } from '@nestjs/common';
import { deadLetters } from '@daybreak/observability';
import { IHeaders, Kafka, KafkaMessage, Partitioners, Producer } from 'kafkajs';

/** Every topic has a dead-letter topic beside it (scripts/infra/topics.mjs creates them all). */
export const DEAD_LETTER_SUFFIX = '.dlq';

/** Why an event was set aside: its handler kept failing, or it could never be read. */
export type DeadLetterReason = 'handler_failed' | 'malformed';

/**
 * Headers a dead letter carries besides the original message's own (scripts/replay-dlq.mjs strips
 * them when it sends the message back to its topic).
 */
export const DEAD_LETTER_HEADERS = {
  reason: 'dlq-reason',
  error: 'dlq-error',
  attempts: 'dlq-attempts',
  group: 'dlq-group',
  topic: 'dlq-source-topic',
  partition: 'dlq-source-partition',
  offset: 'dlq-source-offset',
  at: 'dlq-at',
} as const;

/** An error message can be a whole zod report; a header keeps its start. */
const MAX_ERROR_LENGTH = 2000;

export interface DeadLetter {
  topic: string;
  partition: number;
  message: KafkaMessage;
  reason: DeadLetterReason;
  error: unknown;
  attempts: number;
}

/**
 * Sends the events a consumer group gives up on to `<topic>.dlq`, byte for byte as they came (key,
 * value, headers) with why, how many attempts and where from in `dlq-*` headers, so that the
 * partition can move on and an operator can inspect and replay them (docs/operations.md).
 */
export class DeadLetterQueue {
  private readonly logger = new Logger(DeadLetterQueue.name);
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly groupId: string,
  ) {}

  /** Resolves once the broker has the dead letter; rejects otherwise (the caller retries the event). */
  async send({ topic, partition, message, reason, error, attempts }: DeadLetter): Promise<void> {
    const producer = await this.connected();
    const text = error instanceof Error ? error.message : String(error);
    const headers: IHeaders = {
      ...message.headers,
      [DEAD_LETTER_HEADERS.reason]: reason,
      [DEAD_LETTER_HEADERS.error]: text.slice(0, MAX_ERROR_LENGTH),
      [DEAD_LETTER_HEADERS.attempts]: String(attempts),
      [DEAD_LETTER_HEADERS.group]: this.groupId,
      [DEAD_LETTER_HEADERS.topic]: topic,
      [DEAD_LETTER_HEADERS.partition]: String(partition),
      [DEAD_LETTER_HEADERS.offset]: message.offset,
      [DEAD_LETTER_HEADERS.at]: new Date().toISOString(),
    };
    await producer.send({
      topic: topic + DEAD_LETTER_SUFFIX,
      acks: -1,
      messages: [{ key: message.key, value: message.value, headers }],
    });
    deadLetters.inc({ group: this.groupId, topic, reason });
    this.logger.error(
      `Dead-lettered ${topic}[${partition}]@${message.offset} for ${this.groupId} after ${attempts} attempt(s) (${reason}): ${text}`,
    );
  }

  async close(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    this.connecting = null;
    await producer?.disconnect().catch(() => undefined);
  }

  private connected(): Promise<Producer> {
    this.connecting ??= (async () => {
      const producer = this.kafka.producer({
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      this.producer = producer;
      return producer;
    })().catch((error: unknown) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }
}
