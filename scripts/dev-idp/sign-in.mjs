// @ts-check
// The development sign-in: who you are is whatever name and e-mail you type. Pure functions only
// (no provider, no HTTP) so the rules are easy to read and to test.
import { createHash } from 'node:crypto';

const MAX_NAME = 100;
const MAX_EMAIL = 254; // RFC 5321 path limit
// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces or markup.
const EMAIL = /^[^\s@<>"'()]+@[^\s@<>"'().]+(\.[^\s@<>"'().]+)+$/;

/**
 * The same e-mail must always be the same member (across restarts of this provider, whose storage is
 * in memory), so the account id is derived from the address instead of being allocated.
 */
export function accountIdFor(email) {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** "Ludwig van Beethoven" → given "Ludwig", family "van Beethoven"; a single word has no family name. */
export function splitName(name) {
  const [given, ...rest] = name.trim().split(/\s+/);
  return { givenName: given ?? '', familyName: rest.length ? rest.join(' ') : null };
}

/**
 * Validates the submitted form. Returns `{ ok: true, person }` or `{ ok: false, errors, values }`
 * where `values` are what the person typed, to put back into the form.
 * @param {Record<string, unknown>} form
 * @returns {{ ok: true, person: Person } | { ok: false, errors: FormFields, values: FormFields }}
 * @typedef {{ accountId: string, email: string, name: string, givenName: string, familyName: string | null }} Person
 * @typedef {{ name?: string, email?: string }} FormFields
 */
export function validateSignIn(form) {
  const name = String(form.name ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  const email = String(form.email ?? '')
    .trim()
    .toLowerCase();
  /** @type {FormFields} */
  const errors = {};
  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > MAX_NAME) errors.name = `Please keep your name under ${MAX_NAME} characters.`;
  if (!email) errors.email = 'Please enter your e-mail address.';
  else if (email.length > MAX_EMAIL || !EMAIL.test(email))
    errors.email = 'Please enter an e-mail address like ada@example.com.';
  if (Object.keys(errors).length) return { ok: false, errors, values: { name, email } };
  const { givenName, familyName } = splitName(name);
  return { ok: true, person: { accountId: accountIdFor(email), email, name, givenName, familyName } };
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #fff7ed; color: #1c1917; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 1rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  .note { color: #57534e; margin: 0 0 1.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem 0.75rem; font: inherit; margin-top: 0.25rem;
          border: 1px solid #a8a29e; border-radius: 0.5rem; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .error { color: #b91c1c; margin: 0.25rem 0 0; font-size: 0.9rem; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; color: #fff;
           background: #c2410c; border: 0; border-radius: 0.5rem; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #fb923c; outline-offset: 2px; }`;

function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function field({ id, label, type, autocomplete, value, error, testId }) {
  const errorId = `${id}-error`;
  return `
  <label for="${id}">${label}</label>
  <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required
         value="${escapeHtml(value)}" data-testid="${testId}"${
           error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
         }>
  ${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

/**
 * The sign-in form. `action` is the interaction URL; `errors`/`values` come from a failed submit.
 * @param {{ action: string, clientName?: string, values?: FormFields, errors?: FormFields }} page
 */
export function signInPage({ action, clientName, values = {}, errors = {} }) {
  const summary = Object.keys(errors).length
    ? '<p class="error" role="alert">Please check the highlighted fields.</p>'
    : '';
  return layout(
    'Sign in to Daybreak',
    `
  <h1>Sign in${clientName ? ` to ${escapeHtml(clientName)}` : ''}</h1>
  <p class="note">Development sign-in — no password. Use any name and e-mail; the same e-mail is always the same member.</p>
  ${summary}
  <form method="post" action="${escapeHtml(action)}">
  ${field({ id: 'name', label: 'Your name', type: 'text', autocomplete: 'name', value: values.name, error: errors.name, testId: 'dev-idp-name' })}
  ${field({ id: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: values.email, error: errors.email, testId: 'dev-idp-email' })}
  <button type="submit" data-testid="dev-idp-submit">Sign in</button>
  </form>`,
  );
}

/** A page for dead ends (expired sign-in, provider errors): say what happened and what to do. */
export function messagePage(title, message) {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p class="note">${escapeHtml(message)}</p>`);
}

/** Submitted at once by the sign-out page; its hash is the only script that page's CSP allows. */
export const SIGN_OUT_SCRIPT = 'document.forms[0].submit();';

/**
 * The provider's sign-out step: `confirmForm` (oidc-provider's, with its anti-forgery token) says yes
 * and submits itself; without JavaScript, a button does.
 */
export function signOutPage(confirmForm) {
  const form = confirmForm.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    'Signing out',
    `<h1>Signing out</h1><p class="note">Signing you out of the development provider…</p>${form}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script>${SIGN_OUT_SCRIPT}</script>`,
  );
}
