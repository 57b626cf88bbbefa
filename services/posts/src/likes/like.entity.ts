import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'likes' })
@Index('likes_user_idx', ['userId', 'postId'])
export class Like {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
