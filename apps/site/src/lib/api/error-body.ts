import type { HTTPError } from 'ky';

// ky hands an error reply over unread; the client reads its body once per reply (readErrorBody) and keeps it here.
const errorBodies = new WeakMap<HTTPError, unknown>();

/** The body of an error reply the client has read: JSON, text, or undefined (empty, unreadable, too slow). */
export const errorBody = (error: HTTPError): unknown => errorBodies.get(error);

/** More than this is not a message worth keeping: stop reading. */
const MAX_ERROR_BODY_BYTES = 10 * 1024 * 1024;

/** Whether a content type is JSON, including subtypes such as application/problem+json. */
const isJsonType = (contentType: string): boolean =>
  /\/(?:.*[.+-])?json$/.test((contentType.split(';', 1)[0] ?? '').trim().toLowerCase());

/**
 * Reads an error reply's body into `errorBody(error)` within `timeoutMs` (a reply whose body never ends must not hold
 * the call, or its retries, forever): JSON when the reply says it is JSON and parses, else the text.
 */
export async function readErrorBody(error: HTTPError, timeoutMs: number | false): Promise<HTTPError> {
  const text = await readText(error.response, timeoutMs);
  let body: unknown = text === '' ? undefined : text;
  if (text && isJsonType(error.response.headers.get('content-type') ?? '')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
  }
  errorBodies.set(error, body);
  return error;
}

async function readText(response: Response, timeoutMs: number | false): Promise<string | undefined> {
  if (!response.body) return '';
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = response.body.getReader();
  } catch {
    return undefined; // someone else is reading it
  }
  let gaveUp = false;
  const giveUp = () => {
    gaveUp = true;
    void reader.cancel().catch(() => undefined);
  };
  const timer = timeoutMs === false ? undefined : setTimeout(giveUp, timeoutMs);
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gaveUp) break;
      bytes += value.byteLength;
      if (bytes > MAX_ERROR_BODY_BYTES) {
        giveUp();
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
    return gaveUp ? undefined : text + decoder.decode();
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
