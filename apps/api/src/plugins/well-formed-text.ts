import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';

// Text that is not well-formed Unicode (a lone UTF-16 surrogate) is refused at the boundary, for every route, before
// any route code runs (docs/decisions/014-well-formed-text-and-error-logs.md). JSON can carry one as an escape
// ("\ud800"), and a multipart part may declare a charset (UTF-16) whose bytes decode to one. Such a string cannot be
// stored faithfully: PostgreSQL's jsonb refuses the escape JSON.stringify writes for it (the whole insert fails), a
// text column gets U+FFFD in its place, and a mail or a PDF shows garbage. No person types one: it is a broken or
// hostile client, answered 400 with the field named, like any other bad input.

export const WELL_FORMED_TEXT_MESSAGES = {
  field: (path: string) => `${path} contains characters that are not valid text.`,
  body: 'Request body contains characters that are not valid text.',
  fieldName: (where: 'request body' | 'query string' | 'URL' | 'form') => `A field name in the ${where} contains characters that are not valid text.`,
  fileName: (field: string) => `The file name sent in ${field} contains characters that are not valid text.`,
} as const;

/** String.prototype.isWellFormed (Node 20; not yet in this project's TypeScript lib): no lone surrogate. */
export function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Field paths longer than this are cut in messages (a client may send a key of a megabyte). */
const PATH_MAX = 100;

export interface IllFormedText {
  /** Keys from the top down to the string (array items by index); for `inKey` the last one is the bad key. */
  path: string[];
  /** The bad text is a key (a field name), not a value. */
  inKey: boolean;
}

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

function pathOf(node: Node): string[] {
  const path: string[] = [];
  for (let at: Node | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first string (value or key) in a parsed JSON value, query or params object that is not well-formed, or null.
 * Iterative, with parent links rather than path copies: JSON.parse builds arrays nested hundreds of thousands deep
 * from a 1 MiB body, which a recursive walk would answer with a stack overflow (a 500).
 */
export function findIllFormedText(value: unknown): IllFormedText | null {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return null; // raw bytes (the webhook's body): not text
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isWellFormed(current)) return { path: pathOf(node), inKey: false };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], key: String(i), parent: node });
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      for (const key of keys) if (!isWellFormed(key)) return { path: [...pathOf(node), key], inKey: true };
      for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: (current as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: node });
    }
  }
  return null;
}

/** The path as messages show it ("donation_data.donor.full_name"), at most PATH_MAX characters, never cut inside a character. */
function shownPath(path: readonly string[]): string {
  const joined = path.join('.');
  const characters = Array.from(joined);
  return characters.length > PATH_MAX ? `${characters.slice(0, PATH_MAX - 1).join('')}…` : joined;
}

function refuse(found: IllFormedText, where: 'request body' | 'query string' | 'URL'): never {
  if (found.inKey) throw new HttpError(400, WELL_FORMED_TEXT_MESSAGES.fieldName(where));
  if (found.path.length === 0) throw new HttpError(400, WELL_FORMED_TEXT_MESSAGES.body);
  const field = shownPath(found.path);
  const message = WELL_FORMED_TEXT_MESSAGES.field(field);
  throw where === 'request body' ? new HttpError(400, message, { [field]: message }) : new HttpError(400, message);
}

interface PartLike {
  type?: string;
  fieldname?: unknown;
  filename?: unknown;
  value?: unknown;
  fields?: Record<string, unknown>;
}

/** Throws the 400 for a multipart part whose field name, file name or text value is not well-formed. */
function checkPart(part: PartLike | undefined | null): void {
  if (!part) return;
  const name = typeof part.fieldname === 'string' ? part.fieldname : '';
  if (!isWellFormed(name)) throw new HttpError(400, WELL_FORMED_TEXT_MESSAGES.fieldName('form'));
  if (typeof part.filename === 'string' && !isWellFormed(part.filename)) throw new HttpError(400, WELL_FORMED_TEXT_MESSAGES.fileName(shownPath([name])));
  if (typeof part.value === 'string' && !isWellFormed(part.value)) {
    const message = WELL_FORMED_TEXT_MESSAGES.field(shownPath([name]));
    throw new HttpError(400, message, { [shownPath([name])]: message });
  }
}

async function* checkedParts<T extends PartLike>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const part of parts) {
    checkPart(part);
    yield part;
  }
}

type MultipartRequest = Omit<FastifyRequest, 'isMultipart' | 'parts' | 'files' | 'file'> & {
  isMultipart?: () => boolean;
  parts?: (...args: unknown[]) => AsyncIterable<PartLike>;
  files?: (...args: unknown[]) => AsyncIterable<PartLike>;
  file?: (...args: unknown[]) => Promise<PartLike | undefined>;
};

/**
 * Multipart is parsed by the route as it reads the parts (nothing is buffered before a route wants it), so its text
 * cannot be checked in a hook: this request's readers (@fastify/multipart's parts(), files() and file()) are wrapped
 * so each part is checked as it is handed over. A part the route has not read yet is not checked, and needs not be.
 */
function checkMultipartAsRead(request: MultipartRequest): void {
  const { parts, files, file } = request;
  if (parts) request.parts = (...args) => checkedParts(parts.apply(request, args));
  if (files) request.files = (...args) => checkedParts(files.apply(request, args));
  if (file) {
    request.file = async (...args) => {
      const part = await file.apply(request, args);
      checkPart(part);
      // file() hands over the fields read before the file on the part itself.
      for (const field of Object.values(part?.fields ?? {})) for (const each of [field].flat()) checkPart(each as PartLike);
      return part;
    };
  }
}

/** Checks URL parameters, the query string and the parsed body of every request that reached a route. */
export const wellFormedTextPlugin = fp(
  async (app) => {
    // preValidation: after the body is parsed, before the schema validation and the handler (and after the onRequest
    // checks: sign-in, rate limits). An unknown path is left to its 404.
    app.addHook('preValidation', async (request) => {
      if (request.is404) return;
      const params = findIllFormedText(request.params);
      if (params) refuse(params, 'URL');
      const query = findIllFormedText(request.query);
      if (query) refuse(query, 'query string');
      const body = findIllFormedText(request.body);
      if (body) refuse(body, 'request body');
      const multipart = request as unknown as MultipartRequest;
      if (multipart.isMultipart?.()) checkMultipartAsRead(multipart);
    });
  },
  { name: 'well-formed-text' },
);
