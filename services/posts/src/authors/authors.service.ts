import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { In, Repository } from 'typeorm';
import { Author } from './author.entity';

/** The authors read model: what posts and comments show of their writers. */
@Injectable()
export class AuthorsService {
  constructor(@InjectRepository(Author) private readonly authors: Repository<Author>) {}

  /**
   * Applies a user snapshot as of `occurredAt`. Events of one user share a partition, but a replay
   * could still bring an older snapshot: the WHERE clause keeps whichever is newest.
   */
  async applySnapshot(
    tx: Transaction,
    user: EventPayload<'user.registered'>,
    occurredAt: string,
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO authors (user_id, first_name, last_name, profile_name, profile_image_url, source_updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         profile_name = EXCLUDED.profile_name, profile_image_url = EXCLUDED.profile_image_url,
         source_updated_at = EXCLUDED.source_updated_at
       WHERE authors.source_updated_at <= EXCLUDED.source_updated_at`,
      [user.userId, user.firstName, user.lastName, user.profileName, user.profileImageUrl, occurredAt],
    );
  }

  /** The authors among `userIds` that the read model knows, by id. */
  async byIds(userIds: Iterable<string>): Promise<Map<string, Author>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const authors = await this.authors.findBy({ userId: In(ids) });
    return new Map(authors.map((author) => [author.userId, author]));
  }
}
