import { Injectable } from '@nestjs/common';

/**
 * Whether this process's event consumer is in its group and receiving partitions. A service that
 * consumes events is not ready while it is not: it would serve stale read models indefinitely.
 */
@Injectable()
export class ConsumerStatus {
  /** True for services that consume nothing; the consumer sets it as it joins and crashes. */
  joined = true;
}
