import type Redis from 'ioredis';

/**
 * Whether Redis can take a command now. ioredis would queue it (offline queue) and retry it over
 * reconnects, which makes a request wait for seconds while Redis is away; checking the connection's
 * state first lets the caller fail at once (the gateway's 503) or do without (a cache).
 */
export const redisReady = (redis: Redis): boolean => redis.status === 'ready';
