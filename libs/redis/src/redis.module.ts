import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { HealthIndicator } from '@daybreak/nest-common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** Inject the shared client: `@InjectRedis() private readonly redis: Redis`. */
export const InjectRedis = () => Inject(REDIS);

@Injectable()
export class RedisHealthIndicator implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'redis';
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async check(): Promise<void> {
    await this.redis.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * How long a starting app waits for its Redis connection. Until the connection is ready, callers
 * that check it (redisReady) do without Redis: the gateway would answer a member's first requests
 * 503 although Redis is there, only not connected yet. A Redis that is away does not hold the start
 * for longer: the app starts without it and the client connects when Redis is back.
 */
const STARTUP_WAIT_MS = 5_000;

/** Resolves once `redis` is ready, or after `ms` whatever its state. */
function readyOrLater(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        // Fail commands fast while Redis is away instead of queueing them for ever.
        {
          provide: REDIS,
          useFactory: async () => {
            const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
            await readyOrLater(redis, STARTUP_WAIT_MS);
            return redis;
          },
        },
        RedisHealthIndicator,
      ],
      exports: [REDIS, RedisHealthIndicator],
    };
  }
}
