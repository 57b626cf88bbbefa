/**
 * Blocks and mutes (issue 42): their calls of spec §7. Features build their queries and mutations
 * on these, never on URLs of their own.
 */
import {
  SAFETY_LIST_LIMIT,
  type BlockResult,
  type BlockedMember,
  type MuteResult,
} from '@daybreak/contracts';
import { apiJson, getJson, type RequestOptions } from './api-client';

/** Which of the two: a block (no contact either way) or a mute (quiet, one way, untold). */
export type SafetyKind = 'block' | 'mute';

const listPath: Record<SafetyKind, string> = { block: '/api/blocks', mute: '/api/mutes' };

/** `on` true blocks or mutes, false lifts it; repeating either changes nothing. */
export function setSafety(kind: SafetyKind, userId: string, on: boolean): Promise<BlockResult | MuteResult> {
  return apiJson(on ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/${kind}`);
}

/** The members the viewer blocked or muted, newest first. */
export function fetchSafetyList(kind: SafetyKind, options?: RequestOptions): Promise<BlockedMember[]> {
  return getJson<BlockedMember[]>(`${listPath[kind]}?limit=${SAFETY_LIST_LIMIT}`, options);
}
