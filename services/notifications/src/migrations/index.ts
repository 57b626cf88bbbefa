import { Initial1732000000000 } from './1732000000000-initial';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const notificationsMigrations = [Initial1732000000000];
