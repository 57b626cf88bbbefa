import { z } from 'zod';
import { analyticsClientEvent } from '../api/analytics';

/**
 * One product analytics event the SPA sent to the gateway's collector (ADR 0033), as received:
 * `memberId` is the signed-in member the gateway's session names (never the client's word), null for
 * a guest, whose event the gateway stripped of ids first; `receivedAt` is the server's clock. Keyed by
 * the member, else by the batch it came in.
 */
export const analyticsEventRecordedV1 = analyticsClientEvent.extend({
  batchId: z.uuid(),
  memberId: z.uuid().nullable(),
  receivedAt: z.iso.datetime(),
});
