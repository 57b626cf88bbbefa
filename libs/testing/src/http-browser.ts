interface StoredCookie {
  value: string;
  attributes: string[];
}

/**
 * A browser's cookie jar over fetch, simplified: one host (every test server is on 127.0.0.1),
 * paths ignored, redirects returned rather than followed so tests can see each hop.
 */
export class HttpBrowser {
  readonly cookies = new Map<string, StoredCookie>();

  /** `headers` go with every request (e.g. `x-forwarded-for`, to come from an address of its own). */
  constructor(private readonly headers: Record<string, string> = {}) {}

  async get(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...this.headers, ...init.headers, cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a) || /^max-age=0$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, attributes });
    }
    return response;
  }

  post(url: string | URL, form: Record<string, string>): Promise<Response> {
    return this.get(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  sessionCookie(): string | undefined {
    return this.cookies.get('daybreak.sid')?.value;
  }
}

export const locationOf = (response: Response, base: string | URL) =>
  new URL(response.headers.get('location') ?? '', base);

/**
 * Where a redirect of the sign-in points. Any other answer (the provider's form shown again with an
 * error, say) ends the sign-in with what it said, instead of asking for the same page again forever.
 */
async function nextHop(response: Response, base: string | URL): Promise<URL> {
  if (response.status >= 300 && response.status < 400 && response.headers.has('location'))
    return locationOf(response, base);
  const text = (await response.text())
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
  throw new Error(`Sign-in stopped at ${String(base)}: ${response.status} ${text.slice(0, 600)}`);
}

/**
 * Signs in through the gateway and the development identity provider, as a person would with the
 * sign-in form: /api/login → provider → form → /api/callback. Returns the signed-in browser.
 */
export async function signInMember(
  gatewayUrl: string,
  person: { name: string; email: string },
): Promise<HttpBrowser> {
  const browser = new HttpBrowser();
  let response = await browser.get(`${gatewayUrl}/api/login?returnTo=/`);
  let url = locationOf(response, gatewayUrl);
  while (response.status >= 300 && response.status < 400 && url.origin !== gatewayUrl) {
    response = await browser.get(url);
    url = locationOf(response, url);
  }
  const formUrl = response.url;
  response = await browser.post(formUrl, person);
  url = await nextHop(response, formUrl);
  while (url.origin !== new URL(gatewayUrl).origin) {
    response = await browser.get(url);
    url = await nextHop(response, url);
  }
  const callback = await browser.get(url);
  // A refused sign-in also redirects (to /?login=failed), and may leave the pre-login cookie behind.
  if (
    callback.status !== 302 ||
    !browser.sessionCookie() ||
    /login=failed/.test(callback.headers.get('location') ?? '')
  )
    throw new Error(`Sign-in failed (${callback.status} ${callback.headers.get('location')})`);
  return browser;
}
