import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Permission for one member to upload one file (spec §7: the browser asks for an upload URL, then PUTs
 * the file to it). Single use: `usedAt` is set atomically when the upload starts.
 */
@Entity({ name: 'upload_intents' })
export class UploadIntent {
  /** 32 random bytes, base64url: the secret part of the upload URL. */
  @PrimaryColumn({ type: 'text' })
  token!: string;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'uuid', nullable: true, comment: 'The image this upload produced, once ingested' })
  objectId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
