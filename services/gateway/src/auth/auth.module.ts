import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { AuthController } from './auth.controller';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';
import { OIDC_CLIENT, OidcStrategy, createOidcClient } from './oidc.strategy';
import { MemberSessionsBackfill } from './member-sessions-backfill';
import { ModeratorGuard } from './moderator-guard';
import { Moderators } from './moderators';
import { SESSION_STORE, redisSessionStore } from './session-store';
import { MemberGuard } from './session-user';
import { SessionsController } from './sessions.controller';
import { REDIS } from '@daybreak/redis';

/**
 * Sign-in (OpenID Connect, the gateway as confidential client) and member sessions.
 * Uses `GATEWAY_CONFIG` and `SocialClient` from a global module (the gateway's AppModule), and needs
 * `createSessionMiddleware(...)` mounted on /api. The provider is discovered while the module
 * initialises, so the gateway does not serve before sign-in can work.
 */
@Module({
  controllers: [AuthController, SessionsController],
  providers: [
    {
      provide: OIDC_CLIENT,
      useFactory: (config: GatewayConfig) => createOidcClient(config),
      inject: [GATEWAY_CONFIG],
    },
    OidcStrategy,
    OidcLoginGuard,
    OidcCallbackGuard,
    MemberGuard,
    Moderators,
    ModeratorGuard,
    MemberSessionsBackfill,
    // One per process: the session hook (session.ts) and the routes that end sessions share its copies.
    { provide: SESSION_STORE, useFactory: redisSessionStore, inject: [REDIS] },
  ],
  exports: [MemberGuard, Moderators, ModeratorGuard, SESSION_STORE],
})
export class AuthModule {}
