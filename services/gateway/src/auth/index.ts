export { AuthModule } from './auth.module';
export { MemberGuard, SESSION_COOKIE, SessionUser, createSessionMiddleware, sessionUserId } from './session';
export { safeReturnTo } from './return-to';
