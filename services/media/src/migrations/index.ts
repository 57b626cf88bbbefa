import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { Images1733000000000 } from './1733000000000-images';
import { PhotoLifecycle1737000000000 } from './1737000000000-photo-lifecycle';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const mediaMigrations = [
  Initial1732000000000,
  Images1733000000000,
  OutboxTraceContext1736000000000,
  PhotoLifecycle1737000000000,
];
