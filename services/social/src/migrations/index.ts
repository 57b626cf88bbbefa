import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { FollowsAndInvites1734000000000 } from './1734000000000-follows-and-invites';
import { BlocksAndMutes1742000000000 } from './1742000000000-blocks-and-mutes';
import { Moderation1743200000000 } from './1743200000000-moderation';
import { MultiUseInvites1743700000000 } from './1743700000000-multi-use-invites';
import { HiddenContent1744200000000 } from './1744200000000-hidden-content';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const socialMigrations = [
  Initial1732000000000,
  FollowsAndInvites1734000000000,
  OutboxTraceContext1736000000000,
  BlocksAndMutes1742000000000,
  Moderation1743200000000,
  MultiUseInvites1743700000000,
  HiddenContent1744200000000,
];
