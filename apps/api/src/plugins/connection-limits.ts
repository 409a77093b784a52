import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { BASELINE_SECURITY_HEADERS, HSTS } from './security-headers.js';

// How long a client may take, and how many connections one address may hold (the numbers and
// why: docs/decisions/015-slow-clients.md). Node's HTTP server enforces the header and whole-request time-outs
// and the keep-alive time-out; the body deadline of each request is body-deadline.ts's; the per-address cap
// is counted here. What Node answers on its own (408, 431, an unparseable request) is answered by
// answerClientError in the API's envelope, with the security headers.

export interface ConnectionLimits {
  /** From the connection (or the end of the previous answer) to the end of the request's header block. */
  headersTimeoutMs: number;
  /** From the end of the headers to the last byte of the body: every request with a body, unless… */
  bodyTimeoutMs: number;
  /** …it is a signed-in user's multipart upload (photos: several files of up to UPLOAD_MAX_MB each). */
  uploadBodyTimeoutMs: number;
  /** Node's hard ceiling on a whole request, headers and body, whatever the route: above the upload deadline. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the header and request time-outs (its default, 30 s, would let a 10 s limit run to 40 s). */
  checkingIntervalMs: number;
  /** Open connections one client address may hold at once; applied only when TRUST_PROXY is off. */
  maxConnectionsPerAddress: number;
}

export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  uploadBodyTimeoutMs: 10 * 60_000,
  requestTimeoutMs: 11 * 60_000,
  // Longer than common proxies' 60 s idle time-out, so a proxy never reuses a connection the API is closing.
  keepAliveTimeoutMs: 72_000,
  checkingIntervalMs: 1_000,
  maxConnectionsPerAddress: 128,
};

export const CLIENT_ERROR_MESSAGES = {
  timedOut: 'The request took too long to arrive. Please try again.',
  headersTooLarge: 'The request headers are too large.',
  unreadable: 'The request could not be read.',
} as const;

/** The raw answer for a client error: what a Fastify reply in the envelope would carry, and `Connection: close`. */
function rawAnswer(statusCode: number, message: string, encrypted: boolean): string {
  const body = JSON.stringify({ success: false, message });
  const headers = [
    ...Object.entries(BASELINE_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
    ...(encrypted ? [`strict-transport-security: ${HSTS}`] : []),
    'content-type: application/json; charset=utf-8',
    'cache-control: no-store',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    `date: ${new Date().toUTCString()}`,
  ];
  return `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler` option: Node raises these before Fastify has a request, so no hook runs. The header
 * or whole-request time-out (408), a header block over Node's 16 kB (431) and a request that is not HTTP (400) are
 * answered in the envelope with the security headers; Fastify's default answer had neither. Then the socket closes.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, CLIENT_ERROR_MESSAGES.timedOut]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, CLIENT_ERROR_MESSAGES.headersTooLarge]
        : [400, CLIENT_ERROR_MESSAGES.unreadable];
  // Debug: a client that cannot speak HTTP, or an attack, must not be able to fill the log.
  this.log.debug({ code: error.code, statusCode }, message);
  // Node's own rule: no bytes in the middle of an answer that has already started on this socket.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const encrypted = (socket as Socket & { encrypted?: boolean }).encrypted === true;
  socket.end(rawAnswer(statusCode, message, encrypted), () => socket.destroy());
  // A client that never reads must not keep the socket open with the answer undelivered.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** The time-outs of the HTTP server (Node's options: createServer(serverTimeouts(limits), …)). */
export function serverTimeouts(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkingIntervalMs,
  };
}

/** An IPv4 client seen on a dual-stack socket (::ffff:203.0.113.5) counts as its IPv4 address. */
function clientAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Refuses (closes at once, without reading) a connection from an address that already holds `max` open ones, so one
 * client cannot take every socket the process can open. Only without a proxy: behind one every connection comes from
 * the proxy's address, and the proxy limits its clients itself (nginx: limit_conn).
 */
export function capConnectionsPerAddress(server: Server, max: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  // Addresses at the cap that were already logged: one warning per episode, not one per refused connection.
  const reported = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    if (address === undefined) return; // already closed
    const count = open.get(address) ?? 0;
    if (count >= max) {
      if (!reported.has(address)) {
        reported.add(address);
        log.warn({ clientIp: address, max }, 'connection refused: this address holds the most connections allowed');
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (left < max) reported.delete(address);
    });
  });
}
