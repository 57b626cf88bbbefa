import { CanActivate, Injectable, UseGuards } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { RateLimit } from './rate-limit';
import { RATE_LIMIT } from './rate-limit-rule';
import { RateLimitGuard } from './rate-limit.guard';

@Injectable()
class SignInRedirect implements CanActivate {
  canActivate = () => true;
}

const RULE = { name: 'sign-in', limit: 30, windowSeconds: 60 };

/** Written both ways round: the decorator's order must not decide which guard runs first. */
class Routes {
  @RateLimit(RULE)
  @UseGuards(SignInRedirect)
  limitAbove(): void {}

  @UseGuards(SignInRedirect)
  @RateLimit(RULE)
  limitBelow(): void {}
}

describe('@RateLimit', () => {
  const guardsOf = (handler: object) => Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[];

  it('labels the route with its rule and puts on it RateLimitGuard, which enforces it', () => {
    const handler = Routes.prototype.limitAbove;
    expect(Reflect.getMetadata(RATE_LIMIT, handler)).toBe(RULE);
    expect(guardsOf(handler)).toContain(RateLimitGuard);
  });

  it("runs RateLimitGuard first among the route's guards, once, whichever order they are written in", () => {
    expect(guardsOf(Routes.prototype.limitAbove)).toEqual([RateLimitGuard, SignInRedirect]);
    expect(guardsOf(Routes.prototype.limitBelow)).toEqual([RateLimitGuard, SignInRedirect]);
  });
});
