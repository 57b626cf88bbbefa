const FALLBACK = '/';
const MAX_LENGTH = 2048;
// Browsers drop tabs and newlines inside URLs ("/\t/evil.example" becomes "//evil.example") and treat
// "\" like "/", so neither may appear anywhere, not only at the start.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
const PROBE_ORIGIN = 'http://daybreak.invalid';

/**
 * Where to send the browser after sign-in: a path on our own origin, or `/`.
 * Accepts "/following" or "/posts/1?tab=comments#c2"; rejects absolute URLs, protocol-relative
 * ("//evil.example"), backslash tricks ("/\evil.example") and anything odd, so login cannot be used
 * as an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return FALLBACK;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return FALLBACK;
  // Last line of defence: however a browser would resolve it, it must stay on our origin.
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return FALLBACK;
  } catch {
    return FALLBACK;
  }
  return value;
}
