/** Addresses of the running e2e stack, handed over by scripts/test.mjs. */
export function stackEnv() {
  const value = (name: string): string => {
    const found = process.env[name];
    if (!found)
      throw new Error(`${name} is not set: run the end-to-end tests through "npm test -- --only e2e"`);
    return found;
  };
  return {
    baseUrl: value('E2E_BASE_URL'),
    /** The gateway's key: a test that calls a service directly signs as the gateway would. */
    identityPrivateKey: value('E2E_IDENTITY_PRIVATE_KEY'),
    postsUrl: value('E2E_POSTS_URL'),
    streaksUrl: value('E2E_STREAKS_URL'),
    mediaUrl: value('E2E_MEDIA_URL'),
    socialUrl: value('E2E_SOCIAL_URL'),
    notificationsUrl: value('E2E_NOTIFICATIONS_URL'),
    /** Every process of the stack appends its finished spans here (JSON lines, libs/observability). */
    tracesFile: value('E2E_TRACES_FILE'),
    /** The dev OpenID provider's issuer URL, and the gateway's client id there. */
    idpUrl: value('E2E_IDP_URL'),
    oidcClientId: value('E2E_OIDC_CLIENT_ID'),
    /** The stack's own Redis database (sessions, rate limits), e.g. redis://127.0.0.1:56379/1. */
    redisUrl: value('E2E_REDIS_URL'),
    /** The stack's own Postgres database: each service keeps its tables in a schema of its name. */
    databaseUrl: value('E2E_DATABASE_URL'),
  };
}

/** An Etc/GMT zone whose wall clock reads `hour`:mm right now (whole-hour offsets keep the UTC minute). */
function zoneAtHourNow(now: Date, hour: number): string {
  let offset = hour - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // POSIX sign convention: Etc/GMT-5 is UTC+5.
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * An IANA zone whose wall clock reads between 04:30 and 05:30 right now, so a post created now is
 * classified `5am` (or `6am` if the minute ticks over) whatever time the test runs. The Etc/GMT
 * zones have whole-hour offsets, so the local minute equals the UTC minute.
 */
export function zoneWhereItIsFiveAmNow(now = new Date()): string {
  return zoneAtHourNow(now, now.getUTCMinutes() <= 30 ? 5 : 4);
}

/** Likewise between 05:31 and 06:30: a post created now is classified `6am`. */
export function zoneWhereItIsSixAmNow(now = new Date()): string {
  return zoneAtHourNow(now, now.getUTCMinutes() <= 30 ? 6 : 5);
}

/**
 * Between 12:00 and 12:59 right now: nothing posted today is early. The browser tests' default zone,
 * so a test that doesn't ask for a morning never gets one (and its badges) by the hour it runs at.
 */
export function zoneWhereItIsMiddayNow(now = new Date()): string {
  return zoneAtHourNow(now, 12);
}

/**
 * `databaseUrl`'s database, as its owner (the e2e stack's credentials) rather than a service's role:
 * for a test's checks across services' schemas, which no service may read (each role owns only its
 * own schema).
 */
export function asDatabaseOwner(databaseUrl: string): string {
  const owner = new URL(stackEnv().databaseUrl);
  const url = new URL(databaseUrl);
  url.username = owner.username;
  url.password = owner.password;
  return url.toString();
}
