import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small round-robin HTTP load balancer for the replica test, doing what nginx's upstream block does by default:
// each request goes to the next replica in turn; a replica that refuses the connection (it is dead) is skipped and the
// request tried on the next, which is safe because nothing reached it; a replica that dies while answering cuts the
// client's connection (nginx would answer 502; the donor's browser sees a failed request either way). Headers pass
// through unchanged, X-Forwarded-For included: the replicas run with TRUST_PROXY=1 and take the donor's address from
// it, as they would from nginx's `proxy_add_x_forwarded_for`.

export interface RoundRobinProxy {
  readonly base: string;
  /** Requests answered by each upstream, in the order given. */
  readonly answered: number[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((base) => new URL(base));
  const answered = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  const forward = (index: number, request: IncomingMessage, body: Buffer, response: ServerResponse, tried: number): void => {
    const target = targets[index]!;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    headers['content-length'] = body.length;
    const upstream = http.request({ agent, host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (reply) => {
      answered[index]! += 1;
      const replyHeaders: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) replyHeaders[name] = value;
      response.writeHead(reply.statusCode ?? 502, replyHeaders);
      reply.pipe(response);
      reply.on('error', () => response.destroy());
      reply.on('aborted', () => response.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tried + 1 < targets.length) {
        forward((index + 1) % targets.length, request, body, response, tried + 1);
        return;
      }
      response.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    void readBody(request).then(
      (body) => {
        const index = next;
        next = (next + 1) % targets.length;
        forward(index, request, body, response, 0);
      },
      () => response.destroy(),
    );
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    answered,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
