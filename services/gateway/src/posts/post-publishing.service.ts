import { Injectable, Logger } from '@nestjs/common';
import type { Badge, CreatePostResponse, Post } from '@daybreak/contracts';
import { NewPost, PostsClient } from '../downstream/posts.client';
import { PostBadges, StreaksClient } from '../downstream/streaks.client';
import { MediaClient } from '../media/media.client';

/** A downstream 4xx: the service answered, and said no (as opposed to no answer, or a 5xx). */
const isRefusal = (error: unknown): boolean => {
  const status = (error as { getStatus?: () => number }).getStatus?.();
  return status !== undefined && status >= 400 && status < 500;
};

/** What the create-post form carried (multipart, spec §7); the posts service validates the fields. */
export interface NewPostForm {
  content?: unknown;
  timezone?: unknown;
}

/** An uploaded photo as the create-post form carried it (multipart-form.ts). */
export interface UploadedPhoto {
  buffer: Buffer;
  mimetype: string;
}

/**
 * Publishing a post spans three services: media stores the photo (checked by content, metadata
 * stripped, variants made), posts stores the post, and streaks answers the badges it earned.
 */
@Injectable()
export class PostPublishing {
  private readonly logger = new Logger(PostPublishing.name);

  constructor(
    private readonly posts: PostsClient,
    private readonly media: MediaClient,
    private readonly streaks: StreaksClient,
  ) {}

  /**
   * A photo is processed only for a post that will be accepted: posts checks the fields first, then
   * media stores the photo and marks it in use, then posts stores the post. Marked before the post
   * exists, the photo never depends on post.created to escape the purge of unused uploads (ADR 0017).
   * Should posts refuse the post after all, the photo is deleted again (and if even that fails, it
   * stays: disk is cheaper than a lost photo). When posts gave no answer (unreachable, 5xx, timed out)
   * the post may well exist, so its photo is kept.
   */
  async publish(
    authorId: string,
    form: NewPostForm | undefined,
    photo?: UploadedPhoto,
  ): Promise<CreatePostResponse> {
    // No body at all (no form, no JSON) leaves the form undefined: posts refuses the empty draft.
    const draft = {
      content: typeof form?.content === 'string' ? form.content : '',
      timezone: form?.timezone as string,
    };
    if (!photo) return this.store(authorId, { ...draft, imageUrl: null });
    await this.posts.validate(authorId, { ...draft, hasImage: true });
    const { objectPath } = await this.media.storeImage(authorId, photo.buffer, photo.mimetype);
    await this.media.markInUse(authorId, objectPath);
    try {
      return await this.store(authorId, { ...draft, imageUrl: objectPath });
    } catch (error) {
      if (isRefusal(error))
        await this.media.discardImage(authorId, objectPath).catch((cleanup: Error) => {
          this.logger.warn(`photo ${objectPath} of a refused post left behind: ${cleanup.message}`);
        });
      throw error;
    }
  }

  private async store(authorId: string, post: NewPost): Promise<CreatePostResponse> {
    const stored = await this.posts.create(authorId, post);
    return { post: stored, ...(await this.badgesFor(authorId, stored)) };
  }

  /**
   * The badges a post earned. Streaks knows only post ids, so posts says whether the post exists: an
   * unknown post is a 404 (which the SPA reads as "none").
   */
  async badgesEarnedWith(viewerId: string | null, postId: string): Promise<Badge[]> {
    await this.posts.findOne(viewerId, postId);
    return this.streaks.earnedWith(viewerId, postId);
  }

  /**
   * The badges earned with a just-stored post, asked of streaks synchronously (ARCHITECTURE §1). The
   * post stands whatever streaks answers: if it is down, the lists are empty and the post.created
   * event awards the badges later (the call and the event share one idempotent path).
   */
  private async badgesFor(authorId: string, post: Post): Promise<PostBadges> {
    try {
      return await this.streaks.evaluate(authorId, {
        postId: post.id,
        authorId: post.userId,
        createdAt: post.createdAt,
        timezone: post.timezone,
        timeClassification: post.timeClassification,
        isEarlyMorning: post.isEarlyMorning,
        hasImage: post.imageUrl !== null,
      });
    } catch (error) {
      this.logger.warn(`post ${post.id} stored without its badges: ${(error as Error).message}`);
      return { newBadges: [], nextEligibleBadges: [] };
    }
  }
}
