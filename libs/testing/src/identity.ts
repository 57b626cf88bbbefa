import { IDENTITY_HEADER, signIdentityToken } from '@daybreak/nest-common';
import { TEST_SERVICE_TOKEN_SECRET } from './test-secret';

/** Headers the gateway would send for this caller: a member's id, or null for a guest. */
export function asViewer(userId: string | null): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentityToken({ userId }, TEST_SERVICE_TOKEN_SECRET) };
}
