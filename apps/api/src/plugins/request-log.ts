import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters that carry a secret (a receipt's download token): logged as [redacted]. */
const SECRET_QUERY_PARAMETERS = /([?&](?:token|client_secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}

/**
 * One log line per request, written when the response is done (Fastify's own logging writes two, plus a
 * third for a 404). Only method, URL, status and time: headers and bodies may carry credentials and stay
 * out of the log.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const url = redactUrl(request.url);
    const line = { method: request.method, url, statusCode: reply.statusCode, ms };
    const message = `${request.method} ${url} ${reply.statusCode} ${ms}ms`;
    // An error here means the response itself failed (e.g. the client went away mid-stream).
    if (error) request.log.warn({ ...line, err: error }, message);
    else request.log.info(line, message);
  }
}
