import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'users' })
@Index('users_identity_uq', ['identityIssuer', 'identitySubject'], { unique: true })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', comment: 'OpenID issuer that vouched for this member' })
  identityIssuer!: string;

  @Column({ type: 'text', comment: 'Subject (sub) at that issuer; stable across e-mail changes' })
  identitySubject!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ type: 'text', nullable: true })
  lastName!: string | null;

  @Column({
    type: 'varchar',
    length: 50,
    nullable: true,
    comment: 'Chosen display name; wins over first/last',
  })
  profileName!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  bio!: string | null;

  @Column({ type: 'text', nullable: true, comment: 'IANA zone, e.g. Europe/Paris' })
  timezone!: string | null;

  // Denormalized counters, changed only together with a follow row (FollowsService), so they stay exact.
  @Column({ type: 'int', default: 0, comment: 'Members who follow this one' })
  followersCount!: number;

  @Column({ type: 'int', default: 0, comment: 'Members this one follows' })
  followingCount!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
