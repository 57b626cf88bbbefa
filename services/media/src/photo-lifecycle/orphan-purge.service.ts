import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicJob } from '@daybreak/nest-common';
import { DataSource } from 'typeorm';
import { MEDIA_CONFIG, MediaConfig } from '../config';
import { ImagesService } from '../images/images.service';
import { deleteUnusedIntents } from '../upload-intents/upload-intents.queries';

/** Rows per transaction: short transactions, and each process takes its own batch. */
const BATCH = 100;

export interface PurgeResult {
  intents: number;
  objects: number;
}

/**
 * Every MEDIA_PURGE_INTERVAL_SECONDS, deletes upload links and images older than
 * MEDIA_ORPHAN_MAX_AGE_HOURS that nothing uses: links never used, and images never attached to a
 * post or a profile (an upload abandoned, or a post refused). Every media process runs it; rows are
 * taken with FOR UPDATE SKIP LOCKED, so processes share the work and never delete one image twice.
 */
@Injectable()
export class OrphanPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrphanPurge.name);
  private readonly job: PeriodicJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    @Inject(MEDIA_CONFIG)
    private readonly config: Pick<MediaConfig, 'MEDIA_ORPHAN_MAX_AGE_HOURS' | 'MEDIA_PURGE_INTERVAL_SECONDS'>,
  ) {
    const everyMs = config.MEDIA_PURGE_INTERVAL_SECONDS * 1000;
    this.job = new PeriodicJob({ name: 'Orphan purge', everyMs }, () => this.purge());
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** One pass: everything old enough, batch by batch. */
  async purge(): Promise<PurgeResult> {
    const result: PurgeResult = { intents: 0, objects: 0 };
    for (let batch = BATCH; batch === BATCH; result.intents += batch) batch = await this.purgeIntents();
    for (let batch = BATCH; batch === BATCH; result.objects += batch) batch = await this.purgeObjects();
    if (result.intents + result.objects > 0)
      this.logger.log(`Purged ${result.intents} unused upload link(s) and ${result.objects} unused image(s)`);
    return result;
  }

  private maxAge(): string {
    return `${this.config.MEDIA_ORPHAN_MAX_AGE_HOURS} hours`;
  }

  /** Upload links never used, long expired. */
  private async purgeIntents(): Promise<number> {
    return deleteUnusedIntents(this.dataSource.manager, this.maxAge(), BATCH);
  }

  /** Images never attached, with their files (removed once the rows are gone). */
  private async purgeObjects(): Promise<number> {
    const { deleted, files } = await this.dataSource.transaction((manager) =>
      this.images.deleteRecords(manager, { neverAttachedFor: this.maxAge(), limit: BATCH }),
    );
    await this.images.removeFiles(files);
    return deleted;
  }
}
