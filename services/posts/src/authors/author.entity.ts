import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model of the social service's users, fed by user events, so a feed page embeds its authors
 * without a call per post.
 */
@Entity({ name: 'authors' })
export class Author {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ type: 'text', nullable: true })
  lastName!: string | null;

  @Column({ type: 'text', nullable: true })
  profileName!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  /** The member's stored IANA zone (their profile's); their posts are classified in it (ADR 0009). */
  @Column({ type: 'text', nullable: true })
  timezone!: string | null;

  @Column({ type: 'timestamptz', comment: 'occurredAt of the event applied last; older events are ignored' })
  sourceUpdatedAt!: Date;
}
