import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An invite link's code. Single use: open until someone accepts it. */
@Entity({ name: 'invites' })
@Index('invites_one_open_uq', ['inviterId'], { unique: true, where: 'accepted_by IS NULL' })
export class Invite {
  /** 16 random base64url characters (see domain/invite-rules). */
  @PrimaryColumn({ type: 'text' })
  code!: string;

  @Column({ type: 'uuid' })
  inviterId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'uuid', nullable: true, comment: 'The member who accepted; null while open' })
  acceptedBy!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;
}
