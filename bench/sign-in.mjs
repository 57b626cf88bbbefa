// @ts-check
// Signs in through the gateway and the development identity provider with plain HTTP, as a person
// would with the sign-in form, and returns the session cookie: libs/testing's signInMember, the one
// the integration and system tests use.

/**
 * Loaded when first needed, from libs/testing's build (the benchmarks build every package before
 * they sign in; a fresh clone has no build before that). Only this module of the library: its
 * index also loads the database, Kafka and container helpers. It is CommonJS, so its exports
 * arrive as the default export.
 * @returns {Promise<typeof import('../libs/testing/src/http-browser.js').signInMember>}
 */
const signInMember = async () =>
  (await import('@daybreak/testing/dist/http-browser.js')).default.signInMember;

/**
 * @param {string} gatewayUrl
 * @param {{ name: string, email: string }} person
 * @returns {Promise<string>} the Cookie header of the signed-in session
 */
export async function signIn(gatewayUrl, person) {
  const browser = await (await signInMember())(gatewayUrl, person);
  return [...browser.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
}
