import type { Session, SessionData } from 'express-session';
import type { ReadSession } from './session-reads';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in member. The only lasting thing a session holds. */
    userId: string;
    /** Transient, during sign-in: where to go afterwards (a validated same-origin path). */
    returnTo: string;
    /** Transient, during sign-in: the browser's IANA zone (`/api/login?timezone=`), if valid. */
    timezone: string;
    /** When the member signed in (epoch ms): the start of the session's absolute lifetime. */
    signedInAt: number;
    /** The provider's ID token, kept (server-side only) as the hint for its sign-out endpoint. */
    idToken: string;
    /** When the idle expiry was last pushed forward (epoch ms); see `enforceSessionLifetimes`. */
    extendedAt: number;
    /** A moderator's e-mail, as sign-in found it granted; checked again on each use (auth/moderators.ts). */
    moderatorEmail: string;
    /** Suspended when they signed in (a suspension ends every session): writes answer 403 (ADR 0025). */
    suspended: boolean;
  }
}

/** A request's express-session, as express-session puts it on the raw request. */
export type RequestSession = Session & Partial<SessionData>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The raw request's session (`sessionsOnApi`): express-session's on the routes that change
     * sessions (`sessionToChange`), the stored data read as it is elsewhere (SessionReads);
     * undefined outside /api.
     */
    session: RequestSession | ReadSession | undefined;
    /** What the OIDC callback's guard found: the provider's identity, or null. */
    user?: unknown;
  }
}
