import { instantAtWallClock } from '@daybreak/contracts';

/** `wallClock('2026-03-02 05:02', 'America/New_York')`: the instant Ana's clock shows 05:02. */
export const wallClock = instantAtWallClock;
