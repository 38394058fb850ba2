/** Just enough of a browser's cookie store for medium tests over real HTTP: name, value, path. */
export class CookieJar {
  readonly cookies = new Map<string, { value: string; path: string }>();

  /** Sends a request with the cookies that apply, stores what comes back, and never follows redirects. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.header(target.pathname);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(response, target.pathname);
    return response;
  }

  header(pathname: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  private store(response: Response, requestPath: string): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? requestPath.replace(/\/[^/]*$/, '/');
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const gone =
        value === '' ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}
