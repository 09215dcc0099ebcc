/**
 * A tiny HTTP client for integration tests: real fetch over a real socket, with a cookie jar
 * and the bearer token, like the browser app.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.token && !headers.authorization) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
    }
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload ?? null });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  get = (path: string, init?: { headers?: Record<string, string> }) => this.request('GET', path, undefined, init);
  post = (path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: string }) => this.request('POST', path, body, init);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  delete = (path: string, body?: unknown) => this.request('DELETE', path, body);

  /** Registers and keeps the access token and refresh cookie. */
  async register(overrides: Partial<{ name: string; email: string; password: string; username: string }> = {}) {
    const password = overrides.password ?? 'correct horse battery';
    const body = {
      name: overrides.name ?? 'Test User',
      email: overrides.email ?? `user-${Math.random().toString(36).slice(2)}@example.com`,
      password,
      confirm_password: password,
      ...(overrides.username ? { username: overrides.username } : {}),
    };
    const res = await this.post('/api/auth/register', body);
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
    this.token = res.json.token;
    return { ...res.json, email: body.email, password } as { token: string; user: { id: string; email: string; role: string }; email: string; password: string };
  }
}
