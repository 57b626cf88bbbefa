import type { MessageHandler } from '@nestjs/microservices';
import type { EventOf, EventType } from '@daybreak/contracts';
import { runWithContext } from '@daybreak/nest-common';
import { SpanKind, contextFromCarrier, inSpan } from '@daybreak/observability';
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

/** The event's correlation id and actor, for its handlers' logs and the events they publish. */
export function inEventContext<T>(event: EventOf<EventType>, work: () => Promise<T>): Promise<T> {
  return runWithContext({ correlationId: event.correlationId, userId: event.actorId }, work);
}
