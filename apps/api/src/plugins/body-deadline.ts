import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';
import { CLIENT_ERROR_MESSAGES, type ConnectionLimits } from './connection-limits.js';

// The body deadline (docs/decisions/015-slow-clients.md): a request's body must arrive within
// 10 s of its headers, or a signed-in user's multipart upload within 10 minutes. Node's own requestTimeout is one
// number for every request, so it stays the hard ceiling above the longest deadline, and this decides per request:
// the route's onRequest hooks (requireAdmin) have run by preParsing, so by then it is known who is uploading.
// A body that misses its deadline is answered 408 in the envelope, through the error handler, then the connection
// closes. Only requests over a real socket: app.inject's bodies arrive at once.

interface Deadline {
  timer: NodeJS.Timeout;
  /** The answer is on its way (onSend ran): it can no longer be replaced by a 408. */
  answering: boolean;
}

const deadlines = new WeakMap<FastifyRequest, Deadline>();

/** A request announcing a body: Content-Length above 0, or chunked. */
export function announcesBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}

function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
}

function clear(request: FastifyRequest): void {
  const deadline = deadlines.get(request);
  if (!deadline) return;
  clearTimeout(deadline.timer);
  deadlines.delete(request);
}

function expire(request: FastifyRequest, reply: FastifyReply): void {
  const deadline = deadlines.get(request);
  deadlines.delete(request);
  const raw = request.raw;
  // The body arrived (a slow handler is not the client's doing), or the connection is gone already.
  if (raw.complete || raw.socket.destroyed) return;
  if (deadline?.answering || reply.sent || reply.raw.headersSent) {
    // Answered before the body came (a GET with a body, a 401 before an upload): the rest is not waited for.
    raw.socket.destroy();
    return;
  }
  reply.header('connection', 'close');
  const error = new HttpError(408, CLIENT_ERROR_MESSAGES.timedOut);
  // Whoever reads the body (Fastify's body parser, the multipart parser: both read request.raw, and both turn an
  // 'error' on it into a failed request) fails with the 408, so the route's own error path answers it. Nobody
  // reading yet: answered here.
  if (raw.listenerCount('error') > 0) raw.emit('error', error);
  else void reply.send(error);
}

function start(request: FastifyRequest, reply: FastifyReply, ms: number): void {
  clear(request);
  const timer = setTimeout(() => expire(request, reply), ms);
  timer.unref();
  deadlines.set(request, { timer, answering: false });
}

export const bodyDeadlinePlugin = fp<{ limits: Pick<ConnectionLimits, 'bodyTimeoutMs' | 'uploadBodyTimeoutMs'> }>(
  async (app, { limits }) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      if (raw.socket instanceof Socket && announcesBody(raw) && !raw.complete) {
        start(request, reply, limits.bodyTimeoutMs);
        raw.once('end', () => clear(request));
      }
      done();
    });

    app.addHook('preParsing', (request, reply, payload, done) => {
      // The route's onRequest guard has let a signed-in user through: their photos may take longer.
      if (deadlines.has(request) && request.auth && isMultipart(request)) start(request, reply, limits.uploadBodyTimeoutMs);
      done(null, payload);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const deadline = deadlines.get(request);
      if (deadline) {
        deadline.answering = true;
        // Answered before the whole body came: close after the answer rather than wait for (and read) the rest.
        if (!request.raw.complete) reply.header('connection', 'close');
      }
      done(null, payload);
    });

    app.addHook('onResponse', (request, _reply, done) => {
      if (request.raw.complete) clear(request);
      done();
    });
  },
  { name: 'body-deadline' },
);
