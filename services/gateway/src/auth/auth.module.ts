import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { AuthController } from './auth.controller';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';
import { OIDC_CLIENT, OidcStrategy, createOidcClient } from './oidc.strategy';
import { MemberGuard } from './session-user';

/**
 * Sign-in (OpenID Connect, the gateway as confidential client) and member sessions.
 * Uses `GATEWAY_CONFIG` and `SocialClient` from a global module (the gateway's AppModule), and needs
 * `createSessionMiddleware(...)` mounted on /api. The provider is discovered while the module
 * initialises, so the gateway does not serve before sign-in can work.
 */
@Module({
  controllers: [AuthController],
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
  ],
  exports: [MemberGuard],
})
export class AuthModule {}
