import { Span, SpanKind, carrierOf, contextFromCarrier, hasSpan, startSpan } from '@daybreak/observability';
import type { Message, TopicMessages } from 'kafkajs';
import type { TopicNames } from '../topics';
import type { OutboxRow } from './outbox.queries';

/**
 * The batch per topic. A row queued inside a trace gets a `publish` span in that trace, and the
 * message carries the span's context in its headers, so the consumer continues the same trace.
 * The spans go into `spans` for the relay to end once Kafka has taken the batch.
 */
export function groupByTopic(rows: OutboxRow[], topics: TopicNames, spans: Span[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const row of rows) {
    const topic = topics.prefixed(row.topic);
    const messages = byTopic.get(topic) ?? [];
    const message: Message = { key: row.message_key, value: JSON.stringify(row.envelope) };
    const parent = contextFromCarrier(row.trace_context);
    if (hasSpan(parent)) {
      const span = startSpan(`${topic} publish`, {
        kind: SpanKind.PRODUCER,
        parent,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': topic,
          'messaging.message.id': String(row.envelope.eventId),
        },
      });
      spans.push(span);
      message.headers = carrierOf(span, parent);
    }
    messages.push(message);
    byTopic.set(topic, messages);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}
