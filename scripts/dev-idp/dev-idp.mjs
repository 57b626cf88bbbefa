// @ts-check
// HTTP front of the development provider: our sign-in page at /interaction/:uid, everything else
// (discovery, authorize, token, jwks, userinfo, logout) handled by oidc-provider.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { errors } from 'oidc-provider';
import { SCOPES, createProvider } from './provider.mjs';
import { messagePage, signInPage, validateSignIn } from './sign-in.mjs';

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/;
const MAX_FORM_BYTES = 8 * 1024;
// The page has no scripts and loads nothing; framing is refused to prevent click-jacking. No
// form-action: browsers would apply it to the redirect back to the client after the POST.
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8090,
  clientId: 'daybreak-gateway',
  clientSecret: 'dev-secret-change-me',
  redirectUris: ['http://127.0.0.1:8080/api/callback', 'http://localhost:8080/api/callback'],
  postLogoutRedirectUris: ['http://127.0.0.1:8080/', 'http://localhost:8080/'],
  // Signs this provider's own cookies; a fixed value is fine for a development-only provider.
  cookieKeys: ['daybreak-dev-idp-cookie-key-not-a-secret'],
};

/**
 * Why this provider must not start here, or null. It signs in anyone who types an e-mail, so with
 * NODE_ENV=production it runs only when explicitly marked as a demonstration (DAYBREAK_DEMO=true:
 * `npm start`, docker compose on localhost), and only where its issuer and every address it sends
 * browsers back to are this machine: DAYBREAK_DEMO=true copied into a deployment with public
 * addresses changes nothing.
 */
export function productionRefusal(env = process.env) {
  if (env.NODE_ENV !== 'production') return null;
  if (env.DAYBREAK_DEMO !== 'true')
    return (
      'dev-idp: refusing to start with NODE_ENV=production: it signs in anyone who types an e-mail, without a password. ' +
      'Use a real OpenID provider, or set DAYBREAK_DEMO=true for a local demonstration.'
    );
  const { issuer, redirectUris, postLogoutRedirectUris } = optionsFromEnv(env);
  const elsewhere = [issuer, ...redirectUris, ...postLogoutRedirectUris].filter(
    (address) => address !== undefined && !isOnThisMachine(address),
  );
  if (elsewhere.length === 0) return null;
  return (
    `dev-idp: refusing to start with NODE_ENV=production: DAYBREAK_DEMO=true is for a demonstration on this machine, ` +
    `and these addresses are not: ${elsewhere.join(', ')}. It signs in anyone who types an e-mail, without a password.`
  );
}

/** An address that only ever means this machine (localhost, *.localhost, 127.x.x.x, [::1]); false for one that does not parse. */
function isOnThisMachine(address) {
  try {
    const host = new URL(address).hostname.toLowerCase();
    return (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      /^127(\.\d{1,3}){3}$/.test(host) ||
      host === '[::1]'
    );
  } catch {
    return false;
  }
}

const list = (value) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Options from the environment. DEV_IDP_* names first; PORT/HOST/OIDC_ISSUER_URL are accepted too
 * because docker-compose runs this as its own container with the generic names.
 */
export function optionsFromEnv(env = process.env) {
  const port = env.DEV_IDP_PORT ?? env.PORT;
  return {
    host: env.DEV_IDP_HOST ?? env.HOST ?? DEFAULTS.host,
    port: port === undefined || port === '' ? DEFAULTS.port : Number(port),
    issuer: env.DEV_IDP_ISSUER ?? env.OIDC_ISSUER_URL,
    clientId: env.OIDC_CLIENT_ID || DEFAULTS.clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || DEFAULTS.clientSecret,
    redirectUris: list(env.OIDC_REDIRECT_URIS) ?? DEFAULTS.redirectUris,
    postLogoutRedirectUris: list(env.OIDC_POST_LOGOUT_REDIRECT_URIS) ?? DEFAULTS.postLogoutRedirectUris,
    cookieKeys: list(env.DEV_IDP_COOKIE_KEYS) ?? DEFAULTS.cookieKeys,
  };
}

async function readForm(req) {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return {};
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > MAX_FORM_BYTES) throw Object.assign(new Error('form too large'), { status: 413 });
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

function sendPage(res, status, html) {
  res.writeHead(status, PAGE_HEADERS).end(html);
}

/** GET shows the form, POST signs in (or shows the form again with what was wrong). */
async function handleInteraction(provider, accounts, req, res) {
  const details = await provider.interactionDetails(req, res);
  const { uid, prompt, params } = details;
  const action = `/interaction/${uid}`;

  // Our login result already carries consent; should a consent prompt still come up (e.g. the
  // client asks for more scopes later), grant it: the only client is our own gateway.
  if (prompt.name === 'consent') {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } });
    return;
  }

  if (req.method === 'GET') {
    sendPage(res, 200, signInPage({ action }));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }

  const result = validateSignIn(await readForm(req));
  if (!result.ok) {
    sendPage(res, 400, signInPage({ action, values: result.values, errors: result.errors }));
    return;
  }
  const { person } = result;
  accounts.set(person.accountId, person);

  // Consent is implied: grant the requested scopes we support, in the same step as the login.
  const grant = new provider.Grant({ accountId: person.accountId, clientId: params.client_id });
  const requested = String(params.scope ?? '').split(' ');
  grant.addOIDCScope(SCOPES.filter((scope) => requested.includes(scope)).join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: person.accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * Starts the provider. `port: 0` picks a free port; the issuer then becomes
 * `http://127.0.0.1:<port>` unless `issuer` is given.
 * @param {Partial<typeof DEFAULTS> & { issuer?: string }} [overrides]
 * @returns {Promise<{ issuer: string, port: number, close: () => Promise<void> }>}
 */
export async function startDevIdp(overrides = {}) {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  /** @type {typeof DEFAULTS & { issuer?: string }} */
  const options = { ...DEFAULTS, ...Object.fromEntries(given) };
  const accounts = new Map();
  let handle = (_req, res) => res.writeHead(503).end(); // only until the provider exists, below

  const server = createServer((req, res) => handle(req, res));
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  // Listen first so a random port can be part of the issuer identifier.
  const issuerHost = ['0.0.0.0', '::', ''].includes(options.host) ? '127.0.0.1' : options.host;
  const issuer = options.issuer ?? `http://${issuerHost}:${port}`;

  const provider = createProvider({
    issuer,
    client: options,
    cookieKeys: options.cookieKeys,
    accounts,
  });
  const providerCallback = provider.callback();

  handle = (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!INTERACTION_PATH.test(path)) {
      providerCallback(req, res);
      return;
    }
    handleInteraction(provider, accounts, req, res).catch((error) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof errors.SessionNotFound) {
        // The interaction cookie is missing or expired (or this provider restarted).
        return sendPage(
          res,
          400,
          messagePage('This sign-in has expired', 'Go back to Daybreak and select "Sign in" again.'),
        );
      }
      if (error.status === 413)
        return sendPage(res, 413, messagePage('Too much data', 'Please shorten what you typed.'));
      console.error('dev-idp: interaction failed', error);
      return sendPage(
        res,
        500,
        messagePage('Something went wrong', 'Go back to Daybreak and try signing in again.'),
      );
    });
  };

  async function close() {
    const closed = once(server, 'close');
    server.close();
    server.closeIdleConnections(); // keep-alive sockets would otherwise hold close() open
    const timer = setTimeout(() => server.closeAllConnections(), 5000);
    await closed;
    clearTimeout(timer);
  }

  return { issuer, port, close };
}
