import { MAX_EVENTS_A_TRANSACTION } from './batch-applier';
import { Delivery, PartitionFailures, partitionOf } from './delivery';

/** A partition's slice waiting to be applied with the slices of the others handed over with it. */
interface WaitingSlice {
  deliveries: Delivery[];
  applied: () => void;
  failed: (error: unknown) => void;
}

/**
 * Applies a partition's slice together with those of the other partitions handed over in the same
 * turn of the event loop (kafkajs gives each partition of a fetch its own eachBatch, all at once):
 * one transaction for a fetch, not one per partition.
 */
export class MergedSlices {
  /** Slices handed over since the last merged apply began. */
  private waiting: WaitingSlice[] = [];

  constructor(private readonly applyEvents: (deliveries: Delivery[]) => Promise<PartitionFailures>) {}

  /**
   * Resolves once the slice is applied; rejects if one of its events failed (its partition stops
   * there and is fetched again from it).
   */
  apply(deliveries: Delivery[]): Promise<void> {
    return new Promise((applied, failed) => {
      this.waiting.push({ deliveries, applied, failed });
      if (this.waiting.length === 1) setImmediate(() => void this.applyWaiting());
    });
  }

  /** The waiting slices, as many at a time as fit in a transaction (each fits on its own). */
  private async applyWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    for (let start = 0; start < waiting.length;) {
      let end = start + 1;
      let events = waiting[start].deliveries.length;
      while (end < waiting.length && events + waiting[end].deliveries.length <= MAX_EVENTS_A_TRANSACTION)
        events += waiting[end++].deliveries.length;
      const group = waiting.slice(start, end);
      let failures: PartitionFailures;
      try {
        failures = await this.applyEvents(group.flatMap(({ deliveries }) => deliveries));
      } catch (error) {
        // Not a handler's failure (those are caught per partition): every slice waiting is retried.
        for (const slice of waiting.slice(start)) slice.failed(error);
        return;
      }
      for (const slice of group) {
        const failure = slice.deliveries.map((delivery) => failures.get(partitionOf(delivery))).find(Boolean);
        if (failure) slice.failed(failure.error);
        else slice.applied();
      }
      start = end;
    }
  }
}
