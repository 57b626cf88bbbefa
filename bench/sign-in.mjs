// @ts-check
// Signs in through the gateway and the development identity provider with plain HTTP, as a person
// would with the sign-in form (/api/login → provider → form → /api/callback), and returns the
// session cookie. The same dance as libs/testing's signInMember, for the .mjs benchmarks.

/** @param {Map<string, string>} jar @param {Response} response */
function keepCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
}

/**
 * Where a redirect of the sign-in points. Any other answer (the provider's form shown again with an
 * error, say) ends the sign-in with what it said, instead of asking for the same page again forever.
 * @param {Response} response @param {string | URL} base
 */
async function nextHop(response, base) {
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) return new URL(location, base);
  const text = (await response.text())
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
  throw new Error(`sign-in stopped at ${String(base)}: ${response.status} ${text.slice(0, 600)}`);
}

/**
 * @param {string} gatewayUrl
 * @param {{ name: string, email: string }} person
 * @returns {Promise<string>} the Cookie header of the signed-in session
 */
export async function signIn(gatewayUrl, person) {
  const jar = new Map();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  /** @param {string | URL} url @param {RequestInit} [init] */
  const go = async (url, init = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookie() },
    });
    keepCookies(jar, response);
    return response;
  };
  const gateway = new URL(gatewayUrl).origin;
  let response = await go(`${gatewayUrl}/api/login?returnTo=/`);
  let url = new URL(response.headers.get('location') ?? '', gatewayUrl);
  while (response.status >= 300 && response.status < 400 && url.origin !== gateway) {
    response = await go(url);
    url = new URL(response.headers.get('location') ?? '', url);
  }
  const formUrl = response.url;
  response = await go(formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(person).toString(),
  });
  url = await nextHop(response, formUrl);
  while (url.origin !== gateway) {
    response = await go(url);
    url = await nextHop(response, url);
  }
  const callback = await go(url);
  if (callback.status !== 302 || /login=failed/.test(callback.headers.get('location') ?? ''))
    throw new Error(`sign-in of ${person.email} failed (${callback.status})`);
  return cookie();
}
