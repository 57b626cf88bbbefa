/**
 * Spec §5/§9: a photo may be at most 10 MB. The gateway and the media service both refuse more, so
 * both read the limit from here.
 */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** Stable codes of the media errors: what callers (the SPA, the gateway, tests) branch on. */
export const MEDIA_ERROR = {
  TOO_LARGE: 'MEDIA.TOO_LARGE',
  NOT_AN_IMAGE: 'MEDIA.NOT_AN_IMAGE',
  TOO_MANY_PIXELS: 'MEDIA.TOO_MANY_PIXELS',
  UNREADABLE: 'MEDIA.UNREADABLE',
  UPLOAD_INTERRUPTED: 'MEDIA.UPLOAD_INTERRUPTED',
  NOT_FOUND: 'MEDIA.NOT_FOUND',
  UNKNOWN_VARIANT: 'MEDIA.UNKNOWN_VARIANT',
  INTENT_NOT_FOUND: 'MEDIA.INTENT_NOT_FOUND',
  INTENT_FORBIDDEN: 'MEDIA.INTENT_FORBIDDEN',
  INTENT_EXPIRED: 'MEDIA.INTENT_EXPIRED',
  INTENT_USED: 'MEDIA.INTENT_USED',
  QUOTA_EXCEEDED: 'MEDIA.QUOTA_EXCEEDED',
} as const;

/** Spec §5: the words shown for a file over the limit. */
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';

/**
 * The path of an image the media service stored, `/objects/<uuid>` (lower-case, as it answers
 * uploads); the id is the first group. The only form a profile photo may take.
 */
export const STORED_IMAGE_PATH =
  /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Spec §3: only images we stored (paths under /objects/ or /uploads/) have optimized variants. */
export function hasImageVariants(src: string): boolean {
  return src.startsWith('/objects/') || src.startsWith('/uploads/');
}

/**
 * The address of one generated variant of a stored image; the media service makes webp and jpeg at
 * 320, 640 and 1280 px wide. The SPA and the gateway's link previews both build image URLs here.
 */
export function imageVariantUrl(src: string, format: 'webp' | 'jpeg', width: number): string {
  const separator = src.includes('?') ? '&' : '?';
  return `${src}${separator}format=${format}&w=${width}`;
}

/** Width of the variant the SPA shows by default (a feed card, a post's page). */
export const IMAGE_VARIANT_WIDTH = 640;

/**
 * The addresses to try in order (spec §4): webp, then jpeg, then the original. Anything not stored by
 * us is tried as is. The SPA's images walk this chain; the gateway preloads its first address.
 */
export function imageSourceChain(src: string, width: number = IMAGE_VARIANT_WIDTH): string[] {
  if (!hasImageVariants(src)) return [src];
  return [imageVariantUrl(src, 'webp', width), imageVariantUrl(src, 'jpeg', width), src];
}

/**
 * The picture a link preview of a post shows: the large jpeg variant of a stored photo (jpeg, because
 * not every crawler reads webp), or the address as is for anything else.
 */
export function previewImageUrl(src: string): string {
  return hasImageVariants(src) ? imageVariantUrl(src, 'jpeg', 1280) : src;
}
