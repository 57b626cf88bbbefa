export * from './snake-naming.strategy';
export * from './messaging.entities';
export * from './outbox-signal';
export * from './unit-of-work';
export * from './database.module';
