import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventPayload } from '@daybreak/contracts';
import { applyUserSnapshot } from '@daybreak/database';
import type { Transaction } from '@daybreak/messaging';
import { In, Repository } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { Author } from './author.entity';

/** The authors read model: what posts and comments show of their writers. */
@Injectable()
export class AuthorsService {
  constructor(
    @InjectRepository(Author) private readonly authors: Repository<Author>,
    private readonly feedCache: FeedCache,
  ) {}

  /**
   * Applies a user snapshot as of `occurredAt`, in the consumer's transaction; a replayed older one
   * never overwrites a newer one. Cached feed pages show authors' names and photos: a feed write.
   */
  applySnapshot(tx: Transaction, user: EventPayload<'user.registered'>, occurredAt: string): Promise<void> {
    return this.feedCache.writeIn(tx, async (write) => {
      // With the stored zone, which classifies the member's posts (ADR 0009): a replayed older
      // snapshot changes neither.
      await applyUserSnapshot(write.manager, 'authors', user, occurredAt, { timezone: user.timezone });
    });
  }

  /** The authors among `userIds` that the read model knows, by id. */
  async byIds(userIds: Iterable<string>): Promise<Map<string, Author>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const authors = await this.authors.findBy({ userId: In(ids) });
    return new Map(authors.map((author) => [author.userId, author]));
  }
}
