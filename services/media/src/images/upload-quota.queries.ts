import type { EntityManager } from 'typeorm';

/**
 * Counts one upload of `bytes` for the member today (UTC) in `upload_quota_usage`, unless it would
 * pass either limit: one upsert decides. Answers whether it was counted.
 */
export async function countUpload(
  manager: EntityManager,
  upload: { ownerId: string; bytes: number; maxUploads: number; maxBytes: number },
): Promise<boolean> {
  const counted: unknown[] = await manager.query(
    `INSERT INTO upload_quota_usage (owner_id, day, uploads, bytes)
     VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1, $2)
     ON CONFLICT (owner_id, day) DO UPDATE
       SET uploads = upload_quota_usage.uploads + 1, bytes = upload_quota_usage.bytes + EXCLUDED.bytes
       WHERE upload_quota_usage.uploads < $3 AND upload_quota_usage.bytes + EXCLUDED.bytes <= $4
     RETURNING uploads`,
    [upload.ownerId, upload.bytes, upload.maxUploads, upload.maxBytes],
  );
  return counted.length > 0;
}

/** How many uploads the member made today (UTC). */
export async function uploadsToday(manager: EntityManager, ownerId: string): Promise<number> {
  const [usage] = await manager.query<{ uploads: number }[]>(
    `SELECT uploads FROM upload_quota_usage WHERE owner_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
    [ownerId],
  );
  return usage?.uploads ?? 0;
}
