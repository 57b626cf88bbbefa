#!/usr/bin/env node
// @ts-check
// Development OpenID provider for Daybreak: type a name and an e-mail, no password. Never for production.
//
// Environment (all optional):
//   DEV_IDP_PORT (or PORT)         default 8090; 0 picks a free port
//   DEV_IDP_HOST (or HOST)         default 127.0.0.1
//   DEV_IDP_ISSUER (or OIDC_ISSUER_URL)  default http://127.0.0.1:<port>
//   OIDC_CLIENT_ID                 default daybreak-gateway
//   OIDC_CLIENT_SECRET             default dev-secret-change-me
//   OIDC_REDIRECT_URIS             comma-separated, default http://127.0.0.1:8080/api/callback,http://localhost:8080/api/callback
//   OIDC_POST_LOGOUT_REDIRECT_URIS comma-separated, default http://127.0.0.1:8080/,http://localhost:8080/
//   DEV_IDP_COOKIE_KEYS            comma-separated keys for the provider's cookies
//   DAYBREAK_DEMO=true             required to run with NODE_ENV=production (a local demonstration)
//
// Prints one line "dev-idp ready: issuer=<url>" once it accepts requests (scripts and tests wait for it).
import { optionsFromEnv, productionRefusal, startDevIdp } from './dev-idp.mjs';

const refusal = productionRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const options = optionsFromEnv();
if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
  console.error(`dev-idp: invalid port ${JSON.stringify(process.env.DEV_IDP_PORT ?? process.env.PORT)}`);
  process.exit(1);
}

let idp;
try {
  idp = await startDevIdp(options);
} catch (error) {
  console.error(`dev-idp: could not start on ${options.host}:${options.port}: ${error.message}`);
  process.exit(1);
}
console.log(`dev-idp ready: issuer=${idp.issuer}`);

// Finish in-flight requests, then exit; a second signal exits at once.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    idp.close().then(
      () => process.exit(0),
      (error) => {
        console.error('dev-idp: shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
