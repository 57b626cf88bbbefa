import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An invite link's code. It works for any number of friends until it expires (30 days) or its
 * member makes a new one (ADR 0030); each friend who joined is a row of `invite_acceptances`.
 */
@Entity({ name: 'invites' })
@Index('invites_one_current_uq', ['inviterId'], { unique: true, where: 'replaced_at IS NULL' })
export class Invite {
  /** 16 random base64url characters (see domain/invite-rules). */
  @PrimaryColumn({ type: 'text' })
  code!: string;

  @Column({ type: 'uuid' })
  inviterId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true, comment: 'When the member made a newer link' })
  replacedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true, comment: 'First copy or share: counted as sent' })
  sharedAt!: Date | null;
}
