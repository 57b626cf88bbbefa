import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_ERROR } from '@daybreak/contracts';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { DataSource } from 'typeorm';
import { MEDIA_CONFIG, MediaConfig } from '../config';
import { countUpload, uploadsToday } from './upload-quota.queries';

class UploadQuotaExceededError extends TooManyRequestsError {
  constructor(limit: string) {
    super(
      MEDIA_ERROR.QUOTA_EXCEEDED,
      `You have reached today's upload limit (${limit}). Please try again tomorrow.`,
    );
  }
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/**
 * Each member's daily allowance of uploads (MEDIA_DAILY_UPLOADS, MEDIA_DAILY_UPLOAD_BYTES), per UTC
 * day, counted in `upload_quota_usage` before an upload is decoded: refused files count too, since
 * checking them is the work the quota bounds. One upsert decides, so concurrent uploads cannot both
 * take the last place.
 */
@Injectable()
export class UploadQuota {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MEDIA_CONFIG)
    private readonly config: Pick<MediaConfig, 'MEDIA_DAILY_UPLOADS' | 'MEDIA_DAILY_UPLOAD_BYTES'>,
  ) {}

  /** Counts one upload of `bytes` for the member, or throws a 429 if it would pass either limit. */
  async reserve(ownerId: string, bytes: number): Promise<void> {
    const { MEDIA_DAILY_UPLOADS: maxUploads, MEDIA_DAILY_UPLOAD_BYTES: maxBytes } = this.config;
    if (bytes > maxBytes) throw new UploadQuotaExceededError(megabytes(maxBytes));
    const manager = this.dataSource.manager;
    if (await countUpload(manager, { ownerId, bytes, maxUploads, maxBytes })) return;
    throw new UploadQuotaExceededError(
      (await uploadsToday(manager, ownerId)) >= maxUploads ? `${maxUploads} photos` : megabytes(maxBytes),
    );
  }
}
