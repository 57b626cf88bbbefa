import { STORED_IMAGE_PATH } from '@daybreak/contracts';

/**
 * The image id in a profile photo URL, or null for anything else: an outside URL, a dot segment,
 * an encoded character, a query. Checked as text only; the gateway never fetches the URL.
 */
export function uploadedImageId(url: unknown): string | null {
  return typeof url === 'string' ? (STORED_IMAGE_PATH.exec(url)?.[1] ?? null) : null;
}
