// @ts-check
// The identity header the gateway sends with each call to a service, for the benchmarks that call a
// service directly. Signed with the gateway's own function (libs/nest-common's built output) and the
// gateway's settings from the stack's environment, so the benchmarks follow whatever the tokens
// become. Loaded on first use: a fresh clone has no built libraries until the bench has built them.

/**
 * Resolves to `(service, userId) => headers`: the header the gateway would send to that service (the
 * token's audience: each service accepts only its own) for that member (null: a guest). Tokens are
 * short-lived: make one per run, not one per benchmark.
 * @param {{ profile: { gateway: { env: Record<string, string> } } }} stack
 * @returns {Promise<(service: string, userId: string | null) => Record<string, string>>}
 */
export async function identitySigner(stack) {
  const common = await import('@daybreak/nest-common');
  const { IDENTITY_HEADER, identityAudience, signIdentityToken } = common.default ?? common;
  const gateway = stack.profile.gateway.env;
  return (service, userId) => ({
    [IDENTITY_HEADER]: signIdentityToken({ userId }, gateway.IDENTITY_PRIVATE_KEY, identityAudience(service)),
  });
}
