/**
 * The signed-in member's own session and account (spec §4, issue 42): who is signed in, signing out
 * everywhere, deleting the account and downloading its data.
 */
import { DELETE_ACCOUNT_CONFIRMATION, type CurrentUser } from '@daybreak/contracts';
import { apiRequest, getJson, sendOnly, type RequestOptions } from './api-client';

/** `GET /api/auth/user`: a 401 means signed out, so it answers null instead of failing. */
export function fetchCurrentUser(options?: RequestOptions): Promise<CurrentUser | null> {
  return getJson<CurrentUser>('/api/auth/user', { ...options, on401: 'returnNull' });
}

/** Ends every session of the signed-in member, this one included (the session cookie is cleared). */
export function revokeAllSessions(): Promise<void> {
  return sendOnly('POST', '/api/sessions/revoke-all');
}

/** Deletes the signed-in member's account (issue 42); every session ends and the cookie is cleared. */
export function deleteAccount(): Promise<void> {
  return sendOnly('DELETE', '/api/account', { confirm: DELETE_ACCOUNT_CONFIRMATION });
}

/** Everything Daybreak holds of the member, as the JSON file the gateway names. */
export async function downloadAccountExport(): Promise<{ file: Blob; name: string }> {
  const response = await apiRequest('GET', '/api/account/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'daybreak-export.json';
  return { file: await response.blob(), name };
}
