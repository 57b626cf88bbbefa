import { hasImageVariants, imageVariantUrl } from '@daybreak/contracts';

/** Default width of the generated variants the media service serves. */
export const IMAGE_VARIANT_WIDTH = 640;

/**
 * The addresses to try in order (spec §4): webp, then jpeg, then the original. Anything not stored by
 * us is tried as is.
 */
export function imageSourceChain(src: string, width: number = IMAGE_VARIANT_WIDTH): string[] {
  if (!hasImageVariants(src)) return [src];
  return [imageVariantUrl(src, 'webp', width), imageVariantUrl(src, 'jpeg', width), src];
}
