import { z } from 'zod';

/** Bytes of a base64url string, or null when it is not base64url at all. */
function base64urlBytes(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

/** An uncompressed P-256 point: 0x04, then x and y (32 bytes each). */
export function isUncompressedP256Key(value: string): boolean {
  const bytes = base64urlBytes(value);
  return bytes?.length === 65 && bytes[0] === 4;
}

const VAPID_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/**
 * Web push settings. The VAPID key pair identifies this server to the browsers' push services
 * (`npm start` generates one per machine; production sets its own). Without keys the service runs
 * with push off, which only development and tests may do.
 */
export const vapidConfigShape = {
  /** Uncompressed P-256 public key (65 bytes), base64url: what browsers get as applicationServerKey. */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(isUncompressedP256Key, {
      message: 'must be an uncompressed P-256 public key (65 bytes), base64url',
    })
    .optional(),
  /** The matching P-256 private key (32 bytes), base64url. */
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((value) => base64urlBytes(value)?.length === 32, {
      message: 'must be a P-256 private key (32 bytes), base64url',
    })
    .optional(),
  /** How a push service reaches the operator: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * Origins accepted as push endpoints besides the browsers' push services, comma-separated, e.g.
   * `http://127.0.0.1:9999` for a test's fake push service. Refused in production
   * (refuseTestPushOriginsInProduction).
   */
  PUSH_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as https://host:port` });
        }
      }
      return origins;
    }),
};

type VapidSettings = { NODE_ENV: string } & Partial<Record<(typeof VAPID_KEYS)[number], string>>;

/** The three VAPID settings come together (never half a key pair), and production must have them. */
export function requireVapidTogether(config: VapidSettings, ctx: z.RefinementCtx): void {
  const missing = VAPID_KEYS.filter((key) => config[key] === undefined);
  if (missing.length === 0) return;
  if (missing.length === VAPID_KEYS.length && config.NODE_ENV !== 'production') return;
  for (const key of missing) {
    ctx.addIssue({ code: 'custom', path: [key], message: 'required with the other VAPID settings' });
  }
}

/**
 * Test push origins are refused in production: each one is a host that any member could make our
 * workers send requests to, by subscribing with an endpoint there.
 */
export function refuseTestPushOriginsInProduction(
  config: { NODE_ENV: string; PUSH_EXTRA_ORIGINS: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  if (config.NODE_ENV !== 'production' || config.PUSH_EXTRA_ORIGINS.length === 0) return;
  ctx.addIssue({
    code: 'custom',
    path: ['PUSH_EXTRA_ORIGINS'],
    message: 'must be empty in production: test push origins are for tests and development only',
  });
}
