/**
 * The renditions of a stored image and how they are named: the normalized original, plus every
 * `format × width` variant, all generated at ingest (spec: webp and jpeg per size, original as fallback).
 */
import { EXTENSIONS, OutputFormat } from './image-rules';

export const VARIANT_FORMATS = ['webp', 'jpeg'] as const;
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

export type VariantFormat = (typeof VARIANT_FORMATS)[number];
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export type ImageVariant = { kind: 'variant'; format: VariantFormat; width: VariantWidth };
export type ImageRendition = { kind: 'original' } | ImageVariant;

export const ORIGINAL: ImageRendition = { kind: 'original' };

export const ALL_VARIANTS: ImageVariant[] = VARIANT_WIDTHS.flatMap((width) =>
  VARIANT_FORMATS.map((format): ImageVariant => ({ kind: 'variant', format, width })),
);

const isFormat = (value: unknown): value is VariantFormat => VARIANT_FORMATS.includes(value as VariantFormat);
const isWidth = (value: number): value is VariantWidth => VARIANT_WIDTHS.includes(value as VariantWidth);

/**
 * `{}` is the original; `{format: 'webp', w: '640'}` a variant; null names nothing we make. Both or
 * neither: a lone `w` or `format` is refused rather than guessed, so a wrong URL fails loudly.
 */
export function parseRendition(query: { format?: unknown; w?: unknown }): ImageRendition | null {
  const { format, w } = query;
  if (format === undefined && w === undefined) return ORIGINAL;
  const width = typeof w === 'string' && /^\d+$/.test(w) ? Number(w) : NaN;
  if (!isFormat(format) || !isWidth(width)) return null;
  return { kind: 'variant', format, width };
}

/** Storage key of one rendition, e.g. `images/<id>/w640.webp`. */
export function storageKey(
  objectId: string,
  rendition: ImageRendition,
  originalFormat: OutputFormat,
): string {
  if (rendition.kind === 'original') return `images/${objectId}/original.${EXTENSIONS[originalFormat]}`;
  return `images/${objectId}/w${rendition.width}.${EXTENSIONS[rendition.format]}`;
}

/**
 * A strong validator: the bytes behind one id and rendition never change (objects are immutable),
 * so the name itself identifies the representation and no hash has to be read or stored.
 */
export function etagOf(objectId: string, rendition: ImageRendition): string {
  const name = rendition.kind === 'original' ? 'original' : `w${rendition.width}.${rendition.format}`;
  return `"${objectId}.${name}"`;
}

/**
 * RFC 9110 §13.1.2: If-None-Match uses the weak comparison, so `W/"x"` matches `"x"`; `*` matches any
 * existing representation; the header may list several tags.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
