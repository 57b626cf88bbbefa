import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FEED_COMMENT_PREVIEW } from '@daybreak/contracts';
import type { Post as PostDto } from '@daybreak/contracts';
import { NamedStatement, queryNamed } from '@daybreak/database';
import { DataSource } from 'typeorm';
import { commentHidden, commentVisibleTo, postHidden, postVisibleTo } from '../moderation/visibility.queries';
import { inFeedOf, visibleTo } from '../safety/walls.queries';
import { postFoundBy } from './post-access.queries';

/**
 * JSON text that is already the answer (built by Postgres), typed by what it encodes. It goes out
 * as is: nobody parses and re-encodes it on the way.
 */
export type JsonText<T> = string & { readonly __encodes?: T };

/** The same, already encoded as UTF-8 (an answer kept in memory, sent again without encoding it). */
export type JsonBytes<T> = Buffer & { readonly __encodes?: T };

/** A JSON answer as either. */
export type JsonAnswer<T> = JsonText<T> | JsonBytes<T>;

/**
 * A timestamp as `Date.prototype.toISOString` writes it: UTC, milliseconds truncated (as node-pg
 * truncates microseconds when it makes a Date), so the text equals what an entity's Date gave.
 */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A member as posts and comments show them; an author the read model lacks yet has nulls. */
const userSummary = (idColumn: string, author: string) => `(SELECT row_to_json(u) FROM (SELECT
    ${idColumn} AS "id", ${author}.first_name AS "firstName", ${author}.last_name AS "lastName",
    ${author}.profile_name AS "profileName", ${author}.profile_image_url AS "profileImageUrl") u)`;

/** The viewer of every statement below: a member's id, or NULL for a guest. */
const VIEWER = '$1::uuid';

/**
 * One post as the API's `Post` (keys in its order), for the posts of `p`, the viewer `$1`: its
 * author, counts, whether the viewer liked it, and its first comments (oldest first), each with its
 * author, leaving out those of members the viewer blocked, was blocked by or muted (ADR 0024).
 * Comments come from `comments_post_idx`, likes from the likes primary key.
 */
const postJson = `(SELECT row_to_json(dto) FROM (SELECT
    p.id AS "id", p.content AS "content", p.image_url AS "imageUrl", p.author_id AS "userId",
    ${iso('p.created_at')} AS "createdAt", ${iso('p.updated_at')} AS "updatedAt",
    p.timezone AS "timezone", p.time_classification AS "timeClassification",
    p.time_classification <> 'none' AS "isEarlyMorning",
    p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
    EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = $1::uuid) AS "isLiked",
    ${userSummary('p.author_id', 'a')} AS "user",
    ${postHidden('p')} AS "isHidden",
    (SELECT coalesce(json_agg(preview.comment ORDER BY preview.created_at, preview.id), '[]'::json)
       FROM (SELECT c.created_at, c.id, (SELECT row_to_json(dto) FROM (SELECT
                c.id AS "id", c.content AS "content", ${iso('c.created_at')} AS "createdAt",
                ${userSummary('c.author_id', 'ca')} AS "user", ${commentHidden('c')} AS "isHidden") dto) AS comment
             FROM comments c LEFT JOIN authors ca ON ca.user_id = c.author_id
             WHERE c.post_id = p.id AND ${commentVisibleTo('c', '$1::uuid')} AND ${inFeedOf(VIEWER, 'c.author_id')}
             ORDER BY c.created_at, c.id
             LIMIT ${FEED_COMMENT_PREVIEW}) preview) AS "comments"
  ) dto)`;

/**
 * A page of `posts` rows (newest first) as a JSON array, of those the viewer may see (issue 42);
 * `where` narrows them further ($2 limit, $3 offset), before the window, so a viewer's pages neither
 * repeat nor skip a post.
 */
const pageSql = (where: string) => `
  SELECT coalesce(json_agg(item.post ORDER BY item.created_at DESC, item.id DESC), '[]'::json)::text AS json
  FROM (SELECT p.created_at, p.id, ${postJson} AS post
        FROM (SELECT * FROM posts WHERE ${postVisibleTo('posts', '$1::uuid')} ${where}
              ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) p
        LEFT JOIN authors a ON a.user_id = p.author_id) item`;

/** Named, so each pooled connection parses and plans them once (node-pg prepares a named query). */
const STATEMENTS: Record<'feed' | 'byAuthor' | 'one', NamedStatement> = {
  // A viewer's feed leaves out the members they blocked, were blocked by or muted (ADR 0024).
  feed: { name: 'posts_feed_page', text: pageSql(`AND ${inFeedOf(VIEWER, 'posts.author_id')}`) },
  // Across a block, a member's posts are none of the other's business (a mute leaves them visible).
  byAuthor: {
    name: 'posts_author_page',
    text: pageSql(`AND author_id = $4 AND ${visibleTo(VIEWER, 'posts.author_id')}`),
  },
  one: {
    name: 'posts_one',
    text: `SELECT ${postJson}::text AS json FROM posts p LEFT JOIN authors a ON a.user_id = p.author_id
           WHERE p.id = $2 AND ${postFoundBy('p', VIEWER)}`,
  },
};

/**
 * What the API shows of posts, read in one prepared statement per answer, with Postgres writing the
 * JSON: no entities to hydrate, no second round-trip for comments, likes or authors.
 */
@Injectable()
export class PostJsonQuery {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first, everyone's or one author's. */
  page(
    page: { limit: number; offset: number; authorId?: string },
    viewerId: string | null,
  ): Promise<JsonText<PostDto[]>> {
    const values = [viewerId, page.limit, page.offset];
    const answer = page.authorId
      ? this.json(STATEMENTS.byAuthor, [...values, page.authorId])
      : this.json(STATEMENTS.feed, values);
    return answer.then((json) => json ?? '[]');
  }

  /** One post, or null when there is none with this id. */
  one(id: string, viewerId: string | null): Promise<JsonText<PostDto> | null> {
    return this.json(STATEMENTS.one, [viewerId, id]);
  }

  private async json(statement: NamedStatement, values: unknown[]): Promise<string | null> {
    const rows = await queryNamed<{ json: string | null }>(this.dataSource.manager, statement, values);
    return rows[0]?.json ?? null;
  }
}
