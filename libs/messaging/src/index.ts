// Everything about events between services, in one place (docs/architecture.md, "Messaging"):
// publishing through the transactional outbox, consuming through idempotent handlers.
export * from './tokens';
export * from './topics';
export * from './messaging-tables';
export * from './kafka-client';
export * from './outbox/unit-of-work';
export { gatherIn } from './outbox/gather';
export * from './outbox/outbox-relay';
export * from './consumer/consumer-status';
export * from './consumer/on-event';
export * from './consumer/kafka-event.server';
export * from './messaging.module';
export * from './start-service-app';
export * from './retention/messaging-retention';
