import fc from 'fast-check';

// The building blocks of the API fuzz: hostile strings and values, bodies made from a valid template by dropping,
// retyping and adding fields, bad JSON, wrong content types, broken multipart, and URL parts (path segments and
// query strings) with bad percent-encoding. Every generator here is pure: the same seed gives the same requests.

/** Payloads attackers and careless clients send: SQL, script, template, path, formula, control and odd Unicode. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE donations; --",
  '1; SELECT pg_sleep(5)--',
  "1' UNION SELECT username, password_hash FROM admin_users--",
  '" OR ""="',
  '\\',
  "\\'",
  '%',
  '_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uDE00b',
  '\uFEFF',
  '\r\nSet-Cookie: x=1',
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '+1',
  '-1',
  '\t=1+1',
  '../../etc/passwd',
  'C:\\windows\\win.ini',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '0x10',
  '1e400',
  '-0',
  ' ',
  '',
  '\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}'.repeat(40),
  'ǅİß\u0130\u0131',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
] as const;

function hostileText(longest: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 10 })).map(([a, b]) => a + b) },
    { weight: 1, arbitrary: fc.integer({ min: 201, max: longest }).map((n) => 'ä'.repeat(n)) },
  );
}

/** Any string, with hostile ones and a few very long ones (long enough to pass every length limit of a body field). */
export const nastyString: fc.Arbitrary<string> = hostileText(120_000);

/** The same for URLs (path segments, query values): long ones stay under the HTTP parser's header size limit. */
export const urlString: fc.Arbitrary<string> = hostileText(1_500);

const oddNumbers = fc.constantFrom(0, -1, 1.5, -0.01, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 0.1 + 0.2);

/** Any JSON value of any type, hostile strings and odd numbers included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) },
);

const DROP = Symbol('drop');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field names a client should not send: unknown ones, prototype keys, look-alikes. */
const extraKeys = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('id', 'raised_amount', 'role', 'is_admin', 'constructor', 'status ', 'Title'));

/**
 * The template with each field kept (weight `keep`), dropped, replaced by any value, or (objects) mutated in turn;
 * and sometimes extra fields. With a handful of fields most results break at least one rule, and a few are valid.
 */
export function mutated(template: Record<string, unknown>, keep = 5): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(template)) {
    const options: Array<fc.WeightedArbitrary<unknown>> = [
      { weight: keep, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.constant(DROP) },
      { weight: 2, arbitrary: anyValue },
    ];
    if (isPlainObject(value)) options.push({ weight: 3, arbitrary: mutated(value, keep) });
    fields[key] = fc.oneof(...options);
  }
  const extra = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(extraKeys, anyValue, { maxKeys: 3 }) });
  return fc.tuple(fc.record(fields), extra).map(([chosen, more]) => {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(more)) Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
    for (const [key, value] of Object.entries(chosen)) if (value !== DROP) result[key] = value;
    return result;
  });
}

/** A request body as bytes, with the content type it claims (or none), and a short label for failure messages. */
export interface FuzzBody {
  contentType?: string;
  data?: Buffer;
  label: string;
  /**
   * The body holds text that is not well-formed Unicode (a lone surrogate) in an otherwise valid request: 'json' must
   * be answered 400 "… contains characters that are not valid text." (the boundary refuses it before any route
   * code); 'multipart' must be refused (4xx: a route may refuse a bad id before it reads the part).
   */
  illFormedText?: 'json' | 'multipart';
}

// ---- Text that is not well-formed Unicode ----

/** Lone surrogates: high and low alone, at either end or inside other text, and pairs in the wrong order. */
export const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDE00\uD83D', '\uDFFF\uDBFF', 'a\uD83D', '\uDE00b', 'Asha \uD800 Verma'] as const;

/** Every path from the top of `value` to a leaf (an array item, a field of any type), nested objects included. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item, i) => leafPaths(item, [...path, String(i)]));
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** A deep copy of `value` with what is at `path` replaced by `leaf(what was there)`. */
function withLeaf(value: unknown, path: readonly string[], leaf: (old: unknown) => unknown): unknown {
  if (path.length === 0) return leaf(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (String(i) === head ? withLeaf(item, rest, leaf) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: withLeaf(record[head!], rest, leaf) };
}

/**
 * The template, valid in every other respect, with one lone surrogate put into one of its fields, at any depth (a
 * donor's name deep in donation_data as much as a top-level title): in place of the value, before it, after it or
 * inside it, or in a field name. The body must be refused with 400 naming the field.
 */
export function illFormedJson(template: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
  const paths = leafPaths(template);
  const lone = fc.constantFrom(...LONE_SURROGATES);
  const placed = fc.tuple(fc.constantFrom(...paths), lone, fc.constantFrom('replace', 'before', 'after', 'inside')).map(([path, text, where]) => {
    const value = withLeaf(template, path, (old) => {
      // An empty object or list (leafPaths stops there): the text goes in as its one field or item.
      if (isPlainObject(old)) return { ...old, note: text };
      if (Array.isArray(old)) return [text];
      const around = typeof old === 'string' ? old : old === undefined || old === null ? '' : String(old);
      if (where === 'replace' || around === '') return text;
      if (where === 'before') return text + around;
      if (where === 'after') return around + text;
      const middle = Math.floor(around.length / 2);
      return around.slice(0, middle) + text + around.slice(middle);
    });
    return json(value, `json ill-formed text at ${path.join('.') || 'the top'} (${where})`);
  });
  const inKey = fc.tuple(fc.constantFrom(...paths), lone).map(([path, text]) => {
    const parent = path.slice(0, -1);
    const value = withLeaf(template, parent, (old) => ({ ...(isPlainObject(old) ? old : {}), [`field${text}`]: 'x' }));
    return json(value, `json ill-formed field name under ${parent.join('.') || 'the top'}`);
  });
  return fc.oneof({ weight: 4, arbitrary: placed }, { weight: 1, arbitrary: inKey }).map((body) => ({ ...body, illFormedText: 'json' as const }));
}

/** Text that is not JSON, or JSON a careful parser refuses (prototype keys), sent as application/json. */
export const BAD_JSON = [
  '{',
  '{"title": "oops",',
  '[1, 2',
  'nul',
  '{"a":1}{"b":2}',
  "{'single': 'quotes'}",
  '{"a": NaN}',
  '{"a": 01}',
  '"\\ud800"',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '\u0000',
  '\uFEFF{}',
  '{"a": "\\u0000"}',
  '  ',
  '1e999',
] as const;

function json(value: unknown, label: string, contentType = 'application/json'): FuzzBody {
  return { contentType, data: Buffer.from(JSON.stringify(value) ?? 'null'), label };
}

/** The multipart/form-data a browser's FormData sends, with what we choose to put in it. */
export interface MultipartPart {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; data: Buffer };
  /**
   * Written in UTF-16 (little-endian), as the part's Content-Type declares (value) or RFC 5987's `*=` parameter
   * (name, file name): UTF-16 can carry a lone surrogate, which the parser then hands to the route as it is.
   */
  utf16?: 'value' | 'name' | 'filename';
}

/** A `name*=utf-16le''…` parameter value: the text's UTF-16LE bytes, percent-encoded. */
function utf16Parameter(text: string): string {
  return `utf-16le''${[...Buffer.from(text, 'utf16le')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('')}`;
}

export function multipartBody(parts: MultipartPart[], boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.utf16 === 'name' ? `name*=${utf16Parameter(part.name)}` : `name="${part.name}"`;
    if (part.file) {
      const filename = part.utf16 === 'filename' ? `filename*=${utf16Parameter(part.file.filename)}` : `filename="${part.file.filename}"`;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${name}; ${filename}\r\nContent-Type: ${part.file.contentType}\r\n\r\n`),
        part.file.data,
        Buffer.from('\r\n'),
      );
    } else if (part.utf16 === 'value') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${name}\r\nContent-Type: text/plain; charset=utf-16le\r\n\r\n`),
        Buffer.from(part.value ?? '', 'utf16le'),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${name}\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Files an upload route may be sent: a few real pictures (given), and everything that is not one. */
export function fileContents(images: readonly Buffer[]): fc.Arbitrary<{ contentType: string; data: Buffer }> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...images).map((data) => ({ contentType: 'image/png', data })) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        fc.constant({ contentType: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }),
        fc.constant({ contentType: 'image/jpeg', data: Buffer.from('<html><script>alert(1)</script></html>') }),
        fc.constant({ contentType: 'image/png', data: Buffer.alloc(0) }),
        fc.constant({ contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]) }),
        fc.constant({ contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]) }),
        fc.constantFrom(...images).map((data) => ({ contentType: 'image/png', data: data.subarray(0, Math.floor(data.length / 2)) })),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ contentType: 'application/octet-stream', data: Buffer.from(bytes) })),
      ),
    },
  );
}

const fileNames = fc.oneof(
  fc.constantFrom('photo.png', '../../../etc/passwd', 'a"; name="title', 'evil.svg', 'x\u0000.png', '', '\u202Egnp.exe', 'C:\\fakepath\\pic.jpg'),
  fc.string({ maxLength: 30 }).map((s) => s.replace(/["\r\n]/g, '')),
);

/** Well-formed multipart with the template's fields (values as text or hostile) and maybe files. */
export function multipartOf(
  template: Record<string, unknown>,
  fileFields: readonly string[],
  images: readonly Buffer[],
): fc.Arbitrary<FuzzBody> {
  const field = fc.oneof(
    fc.tuple(fc.constantFrom(...Object.keys(template)), fc.oneof(fc.constant('keep'), nastyString)),
    fc.tuple(fc.string({ maxLength: 10 }).map((s) => s.replace(/["\r\n]/g, '')), nastyString),
  );
  const file = fc.record({ name: fc.oneof(fc.constantFrom(...fileFields), fc.constant('other')), filename: fileNames, content: fileContents(images) });
  return fc
    .tuple(fc.array(field, { maxLength: 8 }), fc.array(file, { maxLength: 3 }))
    .map(([fields, files]) => {
      const parts: MultipartPart[] = fields.map(([name, value]) => ({
        name,
        value: value === 'keep' ? String(template[name] ?? '') : value.replace(/\r\n--/g, ''),
      }));
      for (const f of files) parts.push({ name: f.name, file: { filename: f.filename, contentType: f.content.contentType, data: f.content.data } });
      return { contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW', data: multipartBody(parts), label: `multipart ${parts.length} parts` };
    });
}

/**
 * A valid form (every template field, and a real picture in `fileField` when given) with one lone surrogate in a
 * field's value, a field's name or the picture's file name, written in UTF-16 as the part declares: refused.
 */
export function illFormedMultipart(template: Record<string, unknown>, fileField: string | null, images: readonly Buffer[]): fc.Arbitrary<FuzzBody> {
  const where = fc.constantFrom<Array<'value' | 'name' | 'filename'>>(...(fileField ? (['value', 'name', 'filename'] as const) : (['value', 'name'] as const)));
  return fc
    .tuple(where, fc.constantFrom(...Object.keys(template)), fc.constantFrom(...LONE_SURROGATES), fc.constantFrom(...images))
    .map(([target, field, lone, picture]) => {
      const parts: MultipartPart[] = Object.entries(template).map(([name, value]) => {
        if (target === 'value' && name === field) return { name, value: `${String(value)}${lone}`, utf16: 'value' as const };
        if (target === 'name' && name === field) return { name: `${name}${lone}`, value: String(value), utf16: 'name' as const };
        return { name, value: String(value) };
      });
      if (fileField) {
        const filename = target === 'filename' ? `photo${lone}.png` : 'photo.png';
        parts.push({ name: fileField, file: { filename, contentType: 'image/png', data: picture }, ...(target === 'filename' ? { utf16: 'filename' as const } : {}) });
      }
      return {
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
        data: multipartBody(parts),
        label: `multipart ill-formed text in the ${target} of ${target === 'filename' ? fileField : field}`,
        illFormedText: 'multipart' as const,
      };
    });
}

/**
 * Well-formed uploads of real pictures only (one or two, in a field the route reads): with every part of the mixed
 * multipart above free to break, a fully valid upload is rare, and the accepted path (files stored, rows written)
 * must be exercised too.
 */
export function pictureUploads(fileField: string, images: readonly Buffer[]): fc.Arbitrary<FuzzBody> {
  return fc.array(fc.constantFrom(...images), { minLength: 1, maxLength: 2 }).map((files) => ({
    contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
    data: multipartBody(files.map((data, i) => ({ name: fileField, file: { filename: `photo${i}.png`, contentType: 'image/png', data } }))),
    label: `${files.length} real pictures`,
  }));
}

/** Multipart that no parser should accept as a complete form. */
export const brokenMultipart: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant({ contentType: 'multipart/form-data', data: Buffer.from('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n'), label: 'multipart without boundary' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=x', data: Buffer.from('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi'), label: 'multipart cut off' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=x', data: Buffer.from('--y\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--y--\r\n'), label: 'multipart wrong boundary' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=x', data: Buffer.alloc(0), label: 'multipart empty' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=x', data: Buffer.from('--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n'), label: 'multipart __proto__ field' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=x', data: Buffer.from('--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--\r\n'), label: 'multipart part without name' }),
  fc.constant({
    contentType: 'multipart/form-data; boundary=x',
    data: Buffer.from(`${Array.from({ length: 120 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--x--\r\n`),
    label: 'multipart with 120 parts',
  }),
  fc.constant({
    contentType: 'multipart/form-data; boundary=x',
    data: Buffer.from(`--x\r\nContent-Disposition: form-data; name="title"\r\n\r\n${'t'.repeat(200 * 1024)}\r\n--x--\r\n`),
    label: 'multipart field over the size limit',
  }),
  fc.constant({
    contentType: 'multipart/form-data; boundary=x',
    data: Buffer.from(
      `${Array.from({ length: 12 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="images"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n`).join('')}--x--\r\n`,
    ),
    label: 'multipart with 12 files',
  }),
);

/** Bodies for a JSON route: its template mutated, any JSON, bad JSON, the wrong content type, multipart, too large, none. */
export function jsonBodies(template: Record<string, unknown>, { keep = 5 }: { keep?: number } = {}): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 12, arbitrary: mutated(template, keep).map((value) => json(value, 'json mutated')) },
    { weight: 2, arbitrary: anyValue.map((value) => json(value, 'json any value')) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_JSON).map((text) => ({ contentType: 'application/json', data: Buffer.from(text), label: `bad json ${JSON.stringify(text)}` })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=utf-16',
          'Application/JSON',
          'application/json, text/plain',
          'application/vnd.api+json',
          '*/*',
          ';;;',
          'application/json; charset=utf-8; boundary=x',
        )
        .map((contentType) => json(template, `template as ${contentType}`, contentType)),
    },
    { weight: 1, arbitrary: brokenMultipart },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', data: Buffer.alloc(0), label: 'empty json body' }) },
    { weight: 1, arbitrary: fc.constant({ label: 'no body' }) },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', data: Buffer.from(JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) })), label: 'json over 1 MiB' }) },
    { weight: 2, arbitrary: illFormedJson(template) },
  );
}

// ---- URLs ----

/** UTF-8 percent-encoding, with a lone surrogate written as the three bytes UTF-8 would never allow. */
export function encodePart(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** Percent-encoding a careless or hostile client writes: incomplete, overlong, NUL, traversal. */
export const RAW_URL_PIECES = ['%', '%zz', '%00', '%C0%AF', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%FF', '1%20OR%201%3D1', '%252e', '+', ';', '1e3', '0x1F', '-5', '00001'] as const;

/** A path parameter: a good value (weight `goodWeight`), any string, a number of any size, or raw bad encoding. */
export function pathParam(good: fc.Arbitrary<string>, goodWeight = 3): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: goodWeight, arbitrary: good },
    { weight: 2, arbitrary: urlString.map(encodePart) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, 2 ** 31, 2 ** 53, 1e21)).map((n) => encodePart(String(n))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  ).map((value) => (value === '' ? '%20' : value));
}

/** A query string from known keys (good values, hostile values, repeats) plus unknown keys and raw bad encoding. */
export function queryString(known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(known).map(([key, good]) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 3, arbitrary: good.map((v) => [v]) },
        { weight: 2, arbitrary: urlString.map((v) => [v]) },
        { weight: 1, arbitrary: fc.array(fc.oneof(good, urlString), { minLength: 2, maxLength: 3 }) },
      )
      .map((values) => (values ? values.map((v) => `${encodePart(key)}=${encodePart(v)}`) : [])),
  );
  const unknown = fc.array(
    fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'page[]', 'a[b]', 'limit ', '')), urlString),
    { maxLength: 2 },
  );
  const raw = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('&&&', '=', '&=x', ...RAW_URL_PIECES.map((p) => `&x=${p}`)) });
  const hostile = fc.tuple(fc.tuple(...entries), unknown, raw).map(([knownParts, unknownParts, rawPart]) => {
    const parts = [...knownParts.flat(), ...unknownParts.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`)];
    return parts.join('&') + rawPart;
  });
  // With eight or ten keys, nearly every mixed query has one bad value and is refused at the first check; a share
  // of queries of good values only (each key present or not) reaches the route's filters, sorting and paging.
  const goodOnly = fc
    .tuple(...Object.entries(known).map(([key, good]) => fc.option(good.map((v) => `${encodePart(key)}=${encodePart(v)}`), { nil: '' })))
    .map((parts) => parts.filter((part) => part !== '').join('&'));
  return fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: goodOnly }).map((text) => (text === '' ? '' : `?${text}`));
}
