import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { LikesAndComments1732100000000 } from './1732100000000-likes-and-comments';
import { ClassificationZone1737000000000 } from './1737000000000-classification-zone';
import { BlocksAndMutes1743100000000 } from './1743100000000-blocks-and-mutes';
import { Moderation1743200000001 } from './1743200000001-moderation';
import { CommentsByAuthor1743300000000 } from './1743300000000-comments-by-author';
import { ModerationNewestWins1744310000000 } from './1744310000000-moderation-newest-wins';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const postsMigrations = [
  Initial1732000000000,
  LikesAndComments1732100000000,
  OutboxTraceContext1736000000000,
  ClassificationZone1737000000000,
  BlocksAndMutes1743100000000,
  Moderation1743200000001,
  CommentsByAuthor1743300000000,
  ModerationNewestWins1744310000000,
];
