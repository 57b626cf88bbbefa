import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The streak period of every post, early or not: the calendar shows "any" for non-early days. */
@Entity({ name: 'post_days' })
@Index('post_days_user_day_idx', ['userId', 'day'])
export class PostDay {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'date', comment: 'Streak period: local date of (local time − 6h30m)' })
  day!: string;
}
