export * from './tokens';
export * from './consumer-status';
export * from './kafka-client';
export * from './outbox-relay';
export * from './kafka-event.server';
export * from './kafka.module';
export * from './start-service-app';
