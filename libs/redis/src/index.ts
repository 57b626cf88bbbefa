export * from './redis.module';
export * from './redis-ready';
export * from './local-copies';
export * from './versioned-copies';
