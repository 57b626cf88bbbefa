import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import { testIdentityKeys } from './test-identity-keys';

/**
 * Headers the gateway would send `service` for this caller: a member's id, or null for a guest.
 * The token names the service it is for; every other service refuses it.
 */
export function asViewer(
  service: string,
  userId: string | null,
  role: { isModerator?: true } = {},
): Record<string, string> {
  return {
    [IDENTITY_HEADER]: signIdentityToken(
      { userId, ...role },
      testIdentityKeys().privateKey,
      identityAudience(service),
    ),
  };
}
