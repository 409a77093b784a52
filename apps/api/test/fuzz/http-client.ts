import http from 'node:http';

// A tiny HTTP client over one keep-alive agent, for tests that drive the app through a real listening port.
// node:http rather than fetch: it sends a path exactly as given (bad percent-encoding included), any header value
// and any body bytes, where fetch would normalise the URL and refuse some headers.

export interface RawRequest {
  method: string;
  /** Path and query, sent as they are. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
}

export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  send({ method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
      const request = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const all = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: all, text: () => all.toString('utf8') });
          });
        },
      );
      request.setTimeout(20_000, () => request.destroy(new Error(`${method} ${path}: no answer within 20 s`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
