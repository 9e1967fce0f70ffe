/**
 * A tiny browser for the social-flow tests: fetch over a real port, redirects followed by
 * hand (each hop is checked), cookies kept in a jar (name → value; path scoping ignored:
 * sending a cookie to more paths than a browser would only makes the tests stricter about
 * what the server checks).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly ip?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { ...(cookie ? { cookie } : {}), ...(this.ip ? { 'x-forwarded-for': this.ip } : {}), ...extra };
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  url(path: string): string {
    return new URL(path, this.origin).href;
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(await fetch(this.url(path), { redirect: 'manual', headers: this.headers(headers) }));
  }

  async postForm(path: string, form: Record<string, string>): Promise<Response> {
    return this.keep(
      await fetch(this.url(path), {
        method: 'POST',
        redirect: 'manual',
        headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams(form).toString(),
      }),
    );
  }

  async postJson(path: string, body: unknown, headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' }): Promise<Response> {
    return this.keep(
      await fetch(this.url(path), {
        method: 'POST',
        redirect: 'manual',
        headers: this.headers({ 'content-type': 'application/json', ...headers }),
        body: JSON.stringify(body),
      }),
    );
  }
}

/** The Location of a redirect, as an absolute URL. */
export function locationOf(response: Response, base: string): URL {
  const location = response.headers.get('location');
  if (!location || response.status < 300 || response.status >= 400) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base);
}

/** The hidden inputs of the sandbox consent page. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  return fields;
}
