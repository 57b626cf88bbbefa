import { Injectable } from '@nestjs/common';
import { type EventPayload, STORED_IMAGE_PATH } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { ImagesService } from '../images/images.service';
import { attachToPost, markAttached } from '../images/media-objects.queries';
import { deleteMemberRows } from './member-erasure.queries';
import { upsertProfilePhoto } from './profile-photos.queries';

/** The image id of a stored image's path (`/objects/<uuid>`), or null for none or anything else. */
const imageIdOf = (path: string | null | undefined): string | null =>
  (path && STORED_IMAGE_PATH.exec(path)?.[1]) || null;

type PostImage = Pick<EventPayload<'post.created'>, 'postId' | 'authorId' | 'imageUrl'>;

/**
 * What becomes of an image once it is uploaded, learnt from other services' events: a post or a
 * profile that uses it marks it attached (never-attached images are purged, see OrphanPurge), and a
 * deleted post takes its photo and every variant along. Only the owner's own images are touched.
 */
@Injectable()
export class PhotoLifecycle {
  constructor(private readonly images: ImagesService) {}

  /** post.created: the photo illustrates this post from now on. */
  async attachToPost(tx: Transaction, post: PostImage): Promise<void> {
    const id = imageIdOf(post.imageUrl);
    if (!id) return;
    await attachToPost(tx.manager, { id, postId: post.postId, authorId: post.authorId });
  }

  /**
   * post.deleted: deletes the post's photo (found by the event's image path, or by the post it was
   * attached to for events older than that field), unless its owner uses it as their profile photo.
   * The events of one post travel on two topics, so this may come before post.created: the path in
   * the event finds the photo either way, and the later attach then finds nothing.
   */
  async deletePostPhoto(tx: Transaction, post: PostImage): Promise<void> {
    const { files } = await this.images.deleteRecords(tx.manager, {
      photoOfPost: post.postId,
      id: imageIdOf(post.imageUrl),
      authorId: post.authorId,
    });
    tx.afterCommit(() => this.images.removeFiles(files));
  }

  /**
   * user.registered / user.updated: remembers each member's current profile photo (the newest
   * snapshot wins, as in every read model of members) and marks it attached.
   */
  async applyProfile(
    tx: Transaction,
    user: EventPayload<'user.registered'>,
    occurredAt: string,
  ): Promise<void> {
    const id = imageIdOf(user.profileImageUrl);
    await upsertProfilePhoto(tx.manager, { userId: user.userId, objectId: id }, occurredAt);
    if (id) await markAttached(tx.manager, id, user.userId);
  }

  /**
   * user.deleted (issue 42): every image the member uploaded goes, with every variant in storage,
   * whatever used it, and so do their upload links, profile photo record and allowance counts. The
   * files are removed once the rows are gone (a row never points at missing files); a replay finds
   * no rows and removes nothing.
   */
  async eraseMember(tx: Transaction, { userId }: EventPayload<'user.deleted'>): Promise<void> {
    await deleteMemberRows(tx.manager, userId);
    const { files } = await this.images.deleteRecords(tx.manager, { everyImageOf: userId });
    tx.afterCommit(() => this.images.removeFiles(files));
  }
}
