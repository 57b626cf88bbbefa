import { EventType, eventTypeOfTopic, topicOf } from '@daybreak/contracts';

/**
 * Kafka topic names of one deployment. The catalogue names each topic (`post.created.v1`); a prefix
 * (`e2e.post.created.v1`) lets several stacks share one broker without seeing each other's events,
 * e.g. a test run beside a developer's `npm start`. The outbox stores catalogue names; the prefix is
 * applied only where messages meet Kafka.
 */
export class TopicNames {
  constructor(readonly prefix = '') {}

  of(type: EventType): string {
    return this.prefix + topicOf(type);
  }

  /** The event type a (prefixed) topic carries, or undefined for a topic of another deployment. */
  typeOf(topic: string): EventType | undefined {
    if (!topic.startsWith(this.prefix)) return undefined;
    return eventTypeOfTopic(topic.slice(this.prefix.length));
  }

  /** A catalogue topic name (as stored in the outbox) with this deployment's prefix. */
  prefixed(catalogueTopic: string): string {
    return this.prefix + catalogueTopic;
  }
}
