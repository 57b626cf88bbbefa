import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One uploaded image. Its renditions live in the object store under `images/<id>/`; this row is the
 * record that they exist, whose they are, and what the original is.
 */
@Entity({ name: 'media_objects' })
@Index('media_objects_owner_idx', ['ownerId', 'createdAt'])
export class MediaObject {
  /** Chosen by the service (a random uuid) before the files are written, so ids are unguessable. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text', comment: 'Type of the normalized original (image/jpeg, image/png or image/webp)' })
  contentType!: string;

  @Column({ type: 'int', comment: 'Of the normalized original, upright (after EXIF rotation)' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  @Column({ type: 'int', comment: 'Size of the stored original' })
  bytes!: number;

  @Column({ type: 'uuid', nullable: true, comment: 'The post it illustrates (from post.created)' })
  postId!: string | null;

  @Column({
    type: 'timestamptz',
    nullable: true,
    comment: 'First used by a post or as a profile photo; never-used images are purged',
  })
  attachedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
