import type { GatewayConfig } from '../config';

/** Hosts that only ever mean "this machine": a provider there can't be the one a real deployment uses. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::'
  );
}

const isHttps = (url: string): boolean => new URL(url).protocol === 'https:';

/**
 * What keeps this configuration from running in production (`NODE_ENV=production`); empty when it may.
 * A deployment must be reached over https, sign members in at a real provider over https, keep the
 * session cookie Secure, and serve `/metrics` and `/health` on an internal port only.
 * `DAYBREAK_DEMO=true` marks a local demonstration (docker compose on http://localhost with the
 * development provider), which may break the first three rules, and only while PUBLIC_URL is this
 * machine: on a public address the flag changes nothing, so one variable copied into a real
 * deployment can't switch its guards off. Default-looking secrets are refused for every production
 * process in `loadConfig`, demo or not.
 */
export function productionConfigProblems(config: GatewayConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems = internalPortProblems(config);
  const localDemo = config.DAYBREAK_DEMO && isLoopback(new URL(config.PUBLIC_URL).hostname);
  if (config.DAYBREAK_DEMO && !localDemo)
    problems.push(
      `DAYBREAK_DEMO=true is for a demonstration on this machine, and PUBLIC_URL is not one (got ${config.PUBLIC_URL}): unset it`,
    );
  if (localDemo) return problems;
  if (!isHttps(config.PUBLIC_URL))
    problems.push(`PUBLIC_URL must be https in production (got ${config.PUBLIC_URL})`);
  if (!isHttps(config.OIDC_ISSUER_URL))
    problems.push(`OIDC_ISSUER_URL must be https in production (got ${config.OIDC_ISSUER_URL})`);
  if (isLoopback(new URL(config.OIDC_ISSUER_URL).hostname))
    problems.push(
      `OIDC_ISSUER_URL points at this machine (${config.OIDC_ISSUER_URL}): the development provider signs anyone in without a password`,
    );
  if (config.COOKIE_SECURE === 'false')
    problems.push('COOKIE_SECURE=false: the session cookie must be Secure in production');
  return problems;
}

/** Metrics and readiness are for Prometheus and the probes, never on the port the public reaches. */
function internalPortProblems(config: GatewayConfig): string[] {
  if (config.INTERNAL_PORT === undefined)
    return ['INTERNAL_PORT is required in production: /metrics and /health are served on it, not on PORT'];
  if (config.INTERNAL_PORT === config.PORT) return [`INTERNAL_PORT must differ from PORT (${config.PORT})`];
  return [];
}
