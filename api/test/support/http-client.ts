import http from 'node:http';

/** A browser-like client: keeps its cookies, sends JSON, and answers status, headers and parsed body. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie headers of the last answer, to check their flags. */
  lastSetCookie: string[] = [];

  constructor(readonly baseUrl: string, readonly ip?: string) {}

  /** The same browser (its cookies) reaching another base URL: one API process directly, say. */
  at(baseUrl: string): HttpClient {
    const copy = new HttpClient(baseUrl, this.ip);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        // The client's own address, for servers that trust a proxy (TRUST_PROXY): rate limits count per client.
        ...(this.ip ? { 'X-Forwarded-For': this.ip } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.lastSetCookie = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookie) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: T = undefined as T;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) json = JSON.parse(text) as T;
    return { status: response.status, headers: response.headers, body: json, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) { return this.request<T>('GET', path, undefined, headers); } // eslint-disable-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: unknown) { return this.request<T>('POST', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any
  patch<T = any>(path: string, body: unknown) { return this.request<T>('PATCH', path, body); } // eslint-disable-line @typescript-eslint/no-explicit-any
  delete<T = any>(path: string, body?: unknown) { return this.request<T>('DELETE', path, body); } // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A request sent as written, with the headers given: fetch would tidy the path ('/a/.'), set its own Host and refuses
 * methods such as TRACE. Its status, headers and body.
 */
export function requestAsWritten(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const target = new URL(baseUrl);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request({ host: target.hostname, port: target.port, path, method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
