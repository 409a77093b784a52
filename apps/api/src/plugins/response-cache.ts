import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

// The public reads' response cache (docs/decisions/007-response-cache.md). A route opts in with
// `config: { responseCache: { tags: [...] } }`. Its 200 answers are kept in this process, keyed by the path and the
// normalised query (the schema's parameters only, sorted), as the serialised bytes, a strong ETag and, for bodies
// over 1 kB, gzip and brotli copies made the first time a client asks for one. A hit is answered from the route's
// first own hook: no validation, query, or serialisation. Every write that changes an answer calls
// app.responseCache.invalidate(tag) after its commit; on PostgreSQL that invalidation reaches every other replica
// through LISTEN/NOTIFY (cache-sync.ts, decision 041). An entry also expires after RESPONSE_CACHE_MAX_AGE_MS whatever
// happens, which bounds what a lost notice (or the passing of a campaign's end date) can leave stale.
// Anything personal bypasses it: requests with an Authorization header, and what a route's `bypass` names (drafts).

export const RESPONSE_CACHE_TAGS = ['campaigns', 'events', 'stats'] as const;
export type ResponseCacheTag = (typeof RESPONSE_CACHE_TAGS)[number];

/** The longest an answer is served from memory, writes or not. */
export const RESPONSE_CACHE_MAX_AGE_MS = 5_000;
/** Answers kept at most (oldest dropped first): query strings are the client's to vary. */
export const RESPONSE_CACHE_MAX_ENTRIES = 1_000;
/** Larger answers are not kept. */
export const RESPONSE_CACHE_MAX_BODY_BYTES = 512 * 1024;
/** Smaller bodies are sent as they are: compressing them saves less than the headers cost. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Browsers and CDNs may keep the answer but must ask again each time (a donation changes the totals at once); the
 * ETag makes asking again cheap: 304 and no body.
 */
export const RESPONSE_CACHE_CONTROL = 'public, no-cache';

export interface ResponseCacheRouteOptions {
  /** What the answer depends on: a write to any of these drops it. */
  tags: readonly ResponseCacheTag[];
  /** True for requests whose answer is not everyone's (e.g. drafts, for admins): neither served nor kept. */
  bypass?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: ResponseCacheRouteOptions;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

type Encoding = 'br' | 'gzip';

interface Entry {
  body: Buffer;
  contentType: string;
  etag: string;
  tags: readonly ResponseCacheTag[];
  /** The tags' generations when the answer was computed: a later invalidation makes the entry stale. */
  generations: readonly number[];
  expiresAt: number;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Per-request state between the lookup and the store. */
interface Pending {
  key: string;
  tags: readonly ResponseCacheTag[];
  generations: number[];
  hit: boolean;
}

/** A strong validator of these exact bytes; a compressed copy is another representation with its own tag. */
function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function representationEtag(etag: string, encoding: Encoding | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** The client's preferred encoding among those we make (brotli first), or null for the bytes as they are. */
export function chooseEncoding(acceptEncoding: string | undefined, bodyBytes: number): Encoding | null {
  if (!acceptEncoding || bodyBytes < COMPRESS_MIN_BYTES) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** If-None-Match names this answer (any representation of it), or is `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(0, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || (tag.startsWith(base) && /^-(br|gzip)"$/.test(tag.slice(base.length)));
  });
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** Raw URLs Fastify routed to a cached read and let through (no bypass), with their key: the front door's list. */
  private readonly doors = new Map<string, string>();
  private readonly generations = new Map<ResponseCacheTag, number>(RESPONSE_CACHE_TAGS.map((tag) => [tag, 0]));
  /** Told of this process's own invalidations (cache-sync.ts tells the other replicas). */
  private readonly listeners: ((tags: readonly ResponseCacheTag[]) => void)[] = [];
  /** While true nothing is served or kept: the other replicas' writes cannot reach this cache (cache-sync.ts). */
  private suspended = false;

  constructor(
    private readonly options: { maxAgeMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Drops every answer that depends on any of `tags`, here and (when synchronised) in every replica. Call it after the write has committed. */
  invalidate(...tags: ResponseCacheTag[]): void {
    this.drop(tags);
    for (const listener of this.listeners) listener(tags);
  }

  /** Drops answers for another replica's write: nobody else is told (it told them itself). */
  invalidateFromElsewhere(tags: readonly ResponseCacheTag[]): void {
    this.drop(tags);
  }

  /** Calls `listener` with the tags of each invalidation made in this process. */
  onInvalidate(listener: (tags: readonly ResponseCacheTag[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Stops serving and keeping answers (true) until told otherwise (false), dropping everything kept either way: for
   * when other replicas' invalidations may have been missed (the notice connection is down, or has just come back).
   */
  setSuspended(suspended: boolean): void {
    this.suspended = suspended;
    this.drop(RESPONSE_CACHE_TAGS);
  }

  get isSuspended(): boolean {
    return this.suspended;
  }

  private drop(tags: readonly ResponseCacheTag[]): void {
    for (const tag of tags) {
      if (RESPONSE_CACHE_TAGS.includes(tag)) this.generations.set(tag, (this.generations.get(tag) ?? 0) + 1);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Lets the front door (response-cache-front.ts) answer this exact URL from the entry under `key`. Called once
   * Fastify has routed the URL to a cached read and its bypass rules let it through; bounded like the entries.
   */
  openDoor(url: string, key: string): void {
    if (this.doors.get(url) === key) return;
    if (this.doors.size >= (this.options.maxEntries ?? RESPONSE_CACHE_MAX_ENTRIES)) this.doors.clear();
    this.doors.set(url, key);
  }

  /** The cache key of a URL the front door may answer, or null. */
  doorKey(url: string): string | null {
    return this.doors.get(url) ?? null;
  }

  generationsOf(tags: readonly ResponseCacheTag[]): number[] {
    return tags.map((tag) => this.generations.get(tag) ?? 0);
  }

  get(key: string): Entry | null {
    if (this.suspended) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    const current = this.generationsOf(entry.tags);
    if (entry.expiresAt <= this.now() || current.some((g, i) => g !== entry.generations[i])) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  /**
   * Keeps an answer computed while the tags had `generations`, unless a write has happened since: an answer read
   * before a write commits must not outlive that write. Answers the entry (kept or not, for this response's headers).
   */
  set(key: string, entry: Omit<Entry, 'expiresAt' | 'compressed'>): Entry {
    const full: Entry = { ...entry, expiresAt: this.now() + (this.options.maxAgeMs ?? RESPONSE_CACHE_MAX_AGE_MS), compressed: {} };
    const current = this.generationsOf(entry.tags);
    if (this.suspended || current.some((g, i) => g !== entry.generations[i])) return full;
    this.entries.delete(key);
    this.entries.set(key, full);
    const max = this.options.maxEntries ?? RESPONSE_CACHE_MAX_ENTRIES;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
    return full;
  }

  /** The body in `encoding`, compressed once per entry. */
  static bodyFor(entry: Entry, encoding: Encoding | null): Buffer {
    if (!encoding) return entry.body;
    let compressed = entry.compressed[encoding];
    if (!compressed) {
      compressed =
        encoding === 'br'
          ? brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
          : gzipSync(entry.body, { level: 6 });
      entry.compressed[encoding] = compressed;
    }
    return compressed;
  }
}

/** Path plus the route's query parameters, sorted; null when the query repeats a parameter (not worth keeping). */
export function cacheKey(url: string, allowed: ReadonlySet<string> | null): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (q === -1) return path;
  const params = [...new URLSearchParams(url.slice(q + 1))].filter(([name]) => allowed === null || allowed.has(name));
  const names = new Set(params.map(([name]) => name));
  if (names.size !== params.length) return null;
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}

/** How to answer a request for `entry`: the representation, its ETag, and whether If-None-Match makes it a 304. */
export function answerHeaders(entry: Entry, acceptEncoding: string | undefined, ifNoneMatch: string | undefined) {
  const encoding = chooseEncoding(acceptEncoding, entry.body.length);
  return {
    encoding,
    etag: representationEtag(entry.etag, encoding),
    cacheControl: RESPONSE_CACHE_CONTROL,
    notModified: matchesIfNoneMatch(ifNoneMatch, entry.etag),
  };
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | null {
  const answer = answerHeaders(entry, request.headers['accept-encoding'], request.headers['if-none-match']);
  reply.header('etag', answer.etag);
  reply.header('cache-control', answer.cacheControl);
  if (entry.body.length >= COMPRESS_MIN_BYTES) reply.header('vary', 'accept-encoding');
  if (answer.notModified) {
    reply.code(304);
    return null;
  }
  if (answer.encoding) reply.header('content-encoding', answer.encoding);
  return ResponseCache.bodyFor(entry, answer.encoding);
}

function addHook<T>(existing: T | T[] | undefined, hook: T, first: boolean): T[] {
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return first ? [hook, ...list] : [...list, hook];
}

export const responseCachePlugin = fp(
  async (app, { cache = new ResponseCache() }: { cache?: ResponseCache }) => {
    app.decorate('responseCache', cache);
    const pending = new WeakMap<FastifyRequest, Pending>();

    app.addHook('onRoute', (route: RouteOptions) => {
      const options = route.config?.responseCache;
      if (!options || route.method !== 'GET') return;
      const schemaQuery = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
      const allowed = schemaQuery?.properties ? new Set(Object.keys(schemaQuery.properties)) : null;

      // The key of each raw URL seen, so a hit does not parse and sort the query again (bounded like the cache).
      const keys = new Map<string, string | null>();
      const keyOf = (url: string) => {
        let key = keys.get(url);
        if (key === undefined) {
          key = cacheKey(url, allowed);
          if (keys.size >= RESPONSE_CACHE_MAX_ENTRIES) keys.clear();
          keys.set(url, key);
        }
        return key;
      };

      const lookup: onRequestAsyncHookHandler = async (request, reply) => {
        if (request.headers.authorization || options.bypass?.(request)) return;
        const key = keyOf(request.url);
        if (key === null) return;
        cache.openDoor(request.url, key);
        const state: Pending = { key, tags: options.tags, generations: cache.generationsOf(options.tags), hit: false };
        pending.set(request, state);
        const entry = cache.get(key);
        if (!entry) return;
        state.hit = true;
        reply.type(entry.contentType);
        const body = sendEntry(request, reply, entry);
        return reply.send(body ?? '');
      };

      const store: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
        const state = pending.get(request);
        if (!state || state.hit || reply.statusCode !== 200) return payload;
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
        const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8');
        if (body.length > RESPONSE_CACHE_MAX_BODY_BYTES) return payload;
        const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        const entry = cache.set(state.key, { body, contentType, etag: etagOf(body), tags: state.tags, generations: state.generations });
        const sent = sendEntry(request, reply, entry);
        return sent ?? '';
      };

      // The lookup runs before the route's own hooks (the admin guard of a bypassed request still runs, as it never hits).
      route.onRequest = addHook(route.onRequest as onRequestAsyncHookHandler | onRequestAsyncHookHandler[] | undefined, lookup, true);
      route.onSend = addHook(route.onSend as onSendAsyncHookHandler<unknown> | onSendAsyncHookHandler<unknown>[] | undefined, store, false);
    });
  },
  { name: 'response-cache' },
);
