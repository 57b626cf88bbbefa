import type { TimeClassification } from '@daybreak/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One early-morning (5am/6am) post: the raw material of streaks, badges and the leaderboard. */
@Entity({ name: 'early_posts' })
@Index('early_posts_user_day_idx', ['userId', 'streakDay'])
export class EarlyPost {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'date', comment: 'Streak period: local date of (local time − 6h30m)' })
  streakDay!: string;

  @Column({ type: 'date', comment: 'Local date where it was posted: its day on the leaderboard' })
  localDay!: string;

  @Column({ type: 'text', comment: "'5am' | '6am'" })
  classification!: Exclude<TimeClassification, 'none'>;

  @Column({ type: 'timestamptz' })
  postedAt!: Date;

  @Column({ type: 'text' })
  timezone!: string;
}
