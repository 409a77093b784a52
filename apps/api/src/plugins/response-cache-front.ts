import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { redactUrl } from './request-log.js';
import { answerHeaders, COMPRESS_MIN_BYTES, ResponseCache } from './response-cache.js';
import { BASELINE_SECURITY_HEADERS, HSTS, protocolOf } from './security-headers.js';
import { announcesBody } from './body-deadline.js';
import { capConnectionsPerAddress, serverTimeouts, type ConnectionLimits } from './connection-limits.js';
import type { ProxyTrust } from '../proxy-trust.js';

// The response cache's front door (docs/decisions/007-response-cache.md, "Hits before the framework"). What a caching
// proxy in front of an application does, inside the API process: a GET whose exact URL the cache already answers is
// answered by the HTTP server itself, before Fastify builds a request, routes it, runs its hooks and writes the
// headers one by one. The answer is the same one Fastify's own cache hit gives (response-cache-front.test.ts compares
// them header by header): the security headers, the content type, the ETag of the representation, Cache-Control,
// Vary, gzip or brotli as the client accepts, 304 for If-None-Match, HSTS over HTTPS, and the request log line.
//
// Only a URL that Fastify has routed to a cached read, and whose request was neither refused nor bypassed, opens
// the door (the cache's `lookup` hook): the router, the route's bypass rules (they read the URL only) and the
// cache key were all decided for this exact string. Anything personal or cross-origin goes through Fastify as
// before: requests with Authorization, Cookie or Origin (partner CORS answers depend on it), and HEAD.

export interface CacheFrontDoorOptions {
  cache: ResponseCache;
  /** proxyTrust(config.trustProxy), as Fastify has it: X-Forwarded-Proto decides HTTPS (and so HSTS) only from a trusted proxy. */
  trustProxy: ProxyTrust | false;
  /** Where the request line goes: requestLineLogger(app's logger), as for Fastify's own request lines. */
  log: FastifyBaseLogger;
}

const BASELINE = Object.entries(BASELINE_SECURITY_HEADERS).flat();
/** Log levels at which the request log line is written (it is written at info). */
const INFO_OR_LOWER = new Set(['info', 'debug', 'trace']);

/**
 * Answers `request` from the cache and returns true, or returns false (untouched) for Fastify to handle.
 */
export function cacheFrontDoor({ cache, trustProxy, log }: CacheFrontDoorOptions) {
  let served = 0;
  const headerLists = new WeakMap<object, Map<string, string[]>>();
  return function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const { headers } = request;
    if (headers.authorization !== undefined || headers.cookie !== undefined || headers.origin !== undefined) return false;
    const url = request.url ?? '';
    const key = cache.doorKey(url);
    if (key === null) return false;
    const entry = cache.get(key);
    if (!entry) return false;

    const started = performance.now();
    const answer = answerHeaders(entry, headers['accept-encoding'], headers['if-none-match']);
    const https = protocolOf(trustProxy, headers['x-forwarded-proto'], request.socket) === 'https';
    const body = answer.notModified ? null : ResponseCache.bodyFor(entry, answer.encoding);
    // The header list of each representation is built once per entry (it is the same for every such request).
    let lists = headerLists.get(entry);
    if (!lists) {
      lists = new Map();
      headerLists.set(entry, lists);
    }
    const variant = `${answer.encoding ?? ''}|${https ? 's' : ''}|${answer.notModified ? '304' : '200'}`;
    let list = lists.get(variant);
    if (!list) {
      list = [...BASELINE];
      if (https) list.push('strict-transport-security', HSTS);
      list.push('content-type', entry.contentType, 'etag', answer.etag, 'cache-control', answer.cacheControl);
      if (entry.body.length >= COMPRESS_MIN_BYTES) list.push('vary', 'accept-encoding');
      if (answer.encoding && body) list.push('content-encoding', answer.encoding);
      list.push('content-length', String(body?.length ?? 0));
      lists.set(variant, list);
    }
    const statusCode = answer.notModified ? 304 : 200;
    response.writeHead(statusCode, list);
    response.end(body ?? undefined);

    served += 1;
    if (INFO_OR_LOWER.has(log.level)) {
      // The line RequestLogController writes for every request Fastify answers.
      const ms = Math.round(performance.now() - started);
      const logged = redactUrl(url);
      log.info({ reqId: `cache-${served.toString(36)}`, method: 'GET', url: logged, statusCode, ms }, `GET ${logged} ${statusCode} ${ms}ms`);
    }
    return true;
  };
}

export interface ApiServerOptions {
  /** The time-outs and the per-address cap (connection-limits.ts; decision 015). */
  limits: ConnectionLimits;
  /** Cap connections per address: only when no proxy is trusted (behind one, every connection is the proxy's). */
  capPerAddress: boolean;
  log: FastifyBaseLogger;
}

/**
 * The API's HTTP server (Fastify's serverFactory): cache hits at the front door, everything else to Fastify, with the
 * slow-client time-outs and the per-address connection cap. A GET that announces a body goes to Fastify, whose
 * body deadline (body-deadline.ts) closes the connection if that body never comes; the door would answer and wait.
 */
export function createApiServer(
  fastify: RequestListener,
  door: (request: IncomingMessage, response: ServerResponse) => boolean,
  { limits, capPerAddress, log }: ApiServerOptions,
): Server {
  const server = createServer(serverTimeouts(limits), (request, response) => {
    if (announcesBody(request) || !door(request, response)) fastify(request, response);
  });
  if (capPerAddress) capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, log);
  return server;
}
