import { Injectable, Logger } from '@nestjs/common';
import type { Badge, CreatePostResponse, Post } from '@daybreak/contracts';
import { PostsClient } from '../downstream/posts.client';
import { PostBadges, StreaksClient } from '../downstream/streaks.client';
import { MediaClient } from '../media/media.client';

/** What the create-post form carried (multipart, spec §7); the posts service validates the fields. */
export interface NewPostForm {
  content?: unknown;
  timezone?: unknown;
}

/** An uploaded photo as multer hands it over. */
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

  async publish(authorId: string, form: NewPostForm, photo?: UploadedPhoto): Promise<CreatePostResponse> {
    const imageUrl = photo
      ? (await this.media.storeImage(authorId, photo.buffer, photo.mimetype)).objectPath
      : null;
    const post = await this.posts.create(authorId, {
      content: typeof form.content === 'string' ? form.content : '',
      timezone: form.timezone as string,
      imageUrl,
    });
    return { post, ...(await this.badgesFor(authorId, post)) };
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
