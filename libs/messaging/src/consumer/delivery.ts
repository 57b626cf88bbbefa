import type { MessageHandler } from '@nestjs/microservices';
import type { EventOf, EventType } from '@daybreak/contracts';
import { runWithContext } from '@daybreak/nest-common';
import { SpanKind, contextFromCarrier, inSpan, outsideAnyTrace } from '@daybreak/observability';
import type { KafkaMessage } from 'kafkajs';
import type { HandlerRegistration } from './on-event';

/** An `@OnEvent` handler with its event type and inbox name. */
export type Registration = HandlerRegistration & { handler: MessageHandler };

/** A message this service handles, parsed and checked, with the handlers that take its type. */
export interface Delivery {
  topic: string;
  partition: number;
  message: KafkaMessage;
  event: EventOf<EventType>;
  handlers: Registration[];
  /** Marks it consumed in its partition (kafkajs' resolveOffset of its batch). */
  resolve: () => void;
}

/** The partitions whose events failed, with the error: a failure stops its partition only. */
export type PartitionFailures = Map<string, { error: unknown }>;

/** Which partition a delivery came from, as PartitionFailures keys it. */
export const partitionOf = ({ topic, partition }: Pick<Delivery, 'topic' | 'partition'>) =>
  `${topic}[${partition}]`;

/** Each event's handling in a `process` span, a child of the publish span whose context its headers carry. */
export function inProcessSpan<T>(
  groupId: string,
  { topic, partition, message }: Delivery,
  work: () => Promise<T>,
): Promise<T> {
  return inSpan(
    `${topic} process`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFromCarrier(message.headers),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.destination.name': topic,
        'messaging.destination.partition.id': String(partition),
        'messaging.consumer.group.name': groupId,
        'messaging.kafka.offset': message.offset,
      },
    },
    work,
  );
}

/**
 * A run of events applied in one transaction, in a `process batch` span of its own: a new trace,
 * linked to each event's publish span, as OpenTelemetry's messaging conventions have a batch. Each
 * event's handling is still its own `process` span in its own trace; what belongs to the transaction
 * as a whole (its commit, and the after-commit work, such as one Redis write for all the events'
 * unread counts) is the batch's.
 */
export function inBatchSpan<T>(groupId: string, deliveries: Delivery[], work: () => Promise<T>): Promise<T> {
  return outsideAnyTrace(() =>
    inSpan(
      `${groupId} process batch`,
      {
        kind: SpanKind.CONSUMER,
        links: deliveries.map(({ message }) => contextFromCarrier(message.headers)),
        attributes: {
          'messaging.system': 'kafka',
          'messaging.consumer.group.name': groupId,
          'messaging.batch.message_count': deliveries.length,
        },
      },
      work,
    ),
  );
}

/** The event's correlation id and actor, for its handlers' logs and the events they publish. */
export function inEventContext<T>(event: EventOf<EventType>, work: () => Promise<T>): Promise<T> {
  return runWithContext({ correlationId: event.correlationId, userId: event.actorId }, work);
}
