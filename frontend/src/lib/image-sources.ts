/** Default width of the generated variants the media service serves. */
export const IMAGE_VARIANT_WIDTH = 640;

/** Spec §3: only our own stored objects have optimized variants. */
export function hasVariants(src: string): boolean {
  return src.startsWith('/objects/') || src.startsWith('/uploads/');
}

/**
 * The addresses to try in order (spec §4): webp, then jpeg, then the original. Anything not stored by
 * us is tried as is.
 */
export function imageSourceChain(src: string, width: number = IMAGE_VARIANT_WIDTH): string[] {
  if (!hasVariants(src)) return [src];
  const separator = src.includes('?') ? '&' : '?';
  return [`${src}${separator}format=webp&w=${width}`, `${src}${separator}format=jpeg&w=${width}`, src];
}
