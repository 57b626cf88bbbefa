/** Spec §9: the header badge caps at 99+, the mobile Alerts tab at 9+. */
export const HEADER_UNREAD_CAP = 99;
export const MOBILE_UNREAD_CAP = 9;

/** Badge text for an unread count, or null when there is nothing to show. */
export function formatUnreadCount(count: number | null | undefined, cap: number): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}
