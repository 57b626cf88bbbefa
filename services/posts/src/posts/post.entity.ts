import type { TimeClassification } from '@daybreak/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'posts' })
@Index('posts_feed_idx', ['createdAt', 'id'])
@Index('posts_author_idx', ['authorId', 'createdAt'])
export class Post {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({
    type: 'text',
    comment: "IANA zone the post is classified in: the author's stored zone, else the one sent (ADR 0009)",
  })
  timezone!: string;

  @Column({ type: 'text', comment: "IANA zone the author's client sent with the post" })
  sentTimezone!: string;

  @Column({ type: 'text', comment: "'5am' | '6am' | 'none', fixed at creation" })
  timeClassification!: TimeClassification;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  // Denormalized counters, kept in the same transaction as the like/comment rows they count.
  @Column({ type: 'int', default: 0 })
  likesCount!: number;

  @Column({ type: 'int', default: 0 })
  commentsCount!: number;
}
