import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_ERROR } from '@daybreak/contracts';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { DataSource } from 'typeorm';
import { MEDIA_CONFIG, MediaConfig } from '../config';

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
    const counted: unknown[] = await this.dataSource.query(
      `INSERT INTO upload_quota_usage (owner_id, day, uploads, bytes)
       VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1, $2)
       ON CONFLICT (owner_id, day) DO UPDATE
         SET uploads = upload_quota_usage.uploads + 1, bytes = upload_quota_usage.bytes + EXCLUDED.bytes
         WHERE upload_quota_usage.uploads < $3 AND upload_quota_usage.bytes + EXCLUDED.bytes <= $4
       RETURNING uploads`,
      [ownerId, bytes, maxUploads, maxBytes],
    );
    if (counted.length > 0) return;
    const [usage] = await this.dataSource.query<{ uploads: number }[]>(
      `SELECT uploads FROM upload_quota_usage WHERE owner_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [ownerId],
    );
    throw new UploadQuotaExceededError(
      (usage?.uploads ?? 0) >= maxUploads ? `${maxUploads} photos` : megabytes(maxBytes),
    );
  }
}
