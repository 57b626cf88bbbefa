import { consumerLag, onScrape } from '@daybreak/observability';
import type { Admin, Kafka } from 'kafkajs';

export interface PartitionLag {
  topic: string;
  partition: number;
  lag: number;
}

/** A consumer group's lag per partition of the topics it subscribes to, measured as /metrics is scraped. */
export class ConsumerLag {
  private topics: string[] = [];
  private admin: Admin | null = null;
  private stopMetrics: (() => void) | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly groupId: string,
  ) {}

  /** Measures these topics from now on, on every scrape (`messaging_consumer_lag`). */
  watch(topics: string[]): void {
    this.topics = topics;
    this.stopMetrics ??= onScrape(() => this.measure());
  }

  /**
   * The group's lag per partition, as KEDA's Kafka scaler computes it (deploy/k8s/notifications-worker.yaml):
   * the partition's latest offset minus the group's committed offset, the whole partition when the
   * group has committed nothing yet (offsetResetPolicy: earliest, like `fromBeginning` here). Every
   * process of the group sees the same numbers; the recording rules take the max.
   */
  async byPartition(): Promise<PartitionLag[]> {
    this.admin ??= this.kafka.admin({ retry: { retries: 0 } });
    try {
      await this.admin.connect();
      const committed = await this.admin.fetchOffsets({ groupId: this.groupId, topics: this.topics });
      const lags = [];
      for (const { topic, partitions } of committed) {
        const latest = await this.admin.fetchTopicOffsets(topic);
        for (const { partition, high } of latest) {
          const offset = Number(partitions.find((p) => p.partition === partition)?.offset ?? -1);
          lags.push({ topic, partition, lag: Math.max(0, Number(high) - Math.max(offset, 0)) });
        }
      }
      return lags;
    } catch (error) {
      await this.admin.disconnect().catch(() => undefined);
      this.admin = null;
      throw error;
    }
  }

  /** Stops measuring, and lets go of the admin client. */
  async stop(): Promise<void> {
    this.stopMetrics?.();
    await this.admin?.disconnect().catch(() => undefined);
  }

  private async measure(): Promise<void> {
    for (const { topic, partition, lag } of await this.byPartition())
      consumerLag.set({ group: this.groupId, topic, partition: String(partition) }, lag);
  }
}
