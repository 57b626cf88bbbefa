import { stat } from 'node:fs/promises';
import { negotiate } from '@fastify/accept-negotiator';

/** The copies the SPA build writes next to a text file (frontend/vite.config.ts), best first. */
const ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export interface Precompressed {
  /** Whether the file has compressed copies at all: its answer then varies by Accept-Encoding. */
  varies: boolean;
  /** The copy to send, if the client accepts one. */
  chosen?: (typeof ENCODINGS)[number];
}

const isFile = (file: string) =>
  stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );

/**
 * The precompressed copy of a file (in the build) to send, by the client's Accept-Encoding:
 * brotli over gzip whatever their order in the header (browsers list gzip first), and neither when
 * refused (`br;q=0`) or absent (the file was too small to gain from compression).
 */
export async function precompressedCopy(
  file: string,
  acceptEncoding: string | undefined,
): Promise<Precompressed> {
  const present = await Promise.all(ENCODINGS.map((encoding) => isFile(file + encoding.extension)));
  const available = ENCODINGS.filter((_encoding, index) => present[index]);
  const chosen = available.find((encoding) => accepts(acceptEncoding, encoding.encoding));
  return { varies: available.length > 0, chosen };
}

/** Whether an Accept-Encoding header accepts `encoding` (by name or `*`, with q > 0). */
export const accepts = (acceptEncoding: string | undefined, encoding: string): boolean =>
  negotiate(acceptEncoding ?? '', [encoding]) === encoding;
