import { rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import { MediaObject } from './media-object.entity';

/** A deleted image's record: enough to find its files. */
export interface DeletedObjectRow {
  id: string;
  contentType: string;
}

/** Which images to delete (`media_objects`, whose entity is MediaObject). */
export type DeletableImages =
  /** An image its owner uploaded that no post and no profile uses. */
  | { unusedUploadOf: string; id: string }
  /** A post's photo (by the post, or by its path's id for events older than that field), unless it is a profile photo. */
  | { photoOfPost: string; id: string | null; authorId: string }
  /** Images never attached and older than `maxAge` (an interval), oldest first, up to `limit`, skipping locked rows. */
  | { neverAttachedFor: string; limit: number }
  /** Every image of a member who deleted their account, whatever uses it. */
  | { everyImageOf: string };

const NOT_A_PROFILE_PHOTO = `id NOT IN (SELECT object_id FROM profile_photos WHERE object_id IS NOT NULL)`;

function condition(which: DeletableImages): { where: string; parameters: Record<string, unknown> } {
  if ('unusedUploadOf' in which) {
    return {
      where: `id = :id AND owner_id = :ownerId AND post_id IS NULL AND ${NOT_A_PROFILE_PHOTO}`,
      parameters: { id: which.id, ownerId: which.unusedUploadOf },
    };
  }
  if ('photoOfPost' in which) {
    return {
      where: `(post_id = :postId OR (id = :id AND owner_id = :authorId)) AND ${NOT_A_PROFILE_PHOTO}`,
      parameters: { postId: which.photoOfPost, id: which.id, authorId: which.authorId },
    };
  }
  if ('everyImageOf' in which) {
    return { where: `owner_id = :ownerId`, parameters: { ownerId: which.everyImageOf } };
  }
  return {
    where: `id IN (SELECT id FROM media_objects
                   WHERE attached_at IS NULL AND created_at < now() - CAST(:maxAge AS interval)
                   ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED)`,
    parameters: { maxAge: which.neverAttachedFor, limit: which.limit },
  };
}

/** Deletes the images `which` names, in the caller's transaction when `manager` is one. */
export async function deleteMediaObjects(
  manager: EntityManager,
  which: DeletableImages,
): Promise<DeletedObjectRow[]> {
  const { where, parameters } = condition(which);
  const { raw } = await manager
    .createQueryBuilder()
    .delete()
    .from(MediaObject)
    .where(where, parameters)
    .returning('id, content_type')
    .execute();
  return (raw as Array<{ id: string; content_type: string }>).map((row) => ({
    id: row.id,
    contentType: row.content_type,
  }));
}

/**
 * Marks an image of this owner as used by a post or a profile, so the purge never takes it. Answers
 * whether there was such an image.
 */
export async function markAttached(manager: EntityManager, id: string, ownerId: string): Promise<boolean> {
  const marked = await rowsChanged(
    manager,
    `UPDATE media_objects SET attached_at = coalesce(attached_at, now()) WHERE id = $1 AND owner_id = $2`,
    [id, ownerId],
  );
  return marked > 0;
}

/** The photo illustrates this post from now on (only the author's own image). */
export async function attachToPost(
  manager: EntityManager,
  photo: { id: string; postId: string; authorId: string },
): Promise<void> {
  await manager.query(
    `UPDATE media_objects SET post_id = $1, attached_at = coalesce(attached_at, now())
     WHERE id = $2 AND owner_id = $3`,
    [photo.postId, photo.id, photo.authorId],
  );
}
