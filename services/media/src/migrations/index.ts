import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { Images1733000000000 } from './1733000000000-images';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const mediaMigrations = [Initial1732000000000, Images1733000000000, OutboxTraceContext1736000000000];
