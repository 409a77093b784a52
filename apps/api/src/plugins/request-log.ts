import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret (a receipt's download token, a payment's client secret), that a careless
 * client might fill with a credential or card data, or that hold what someone searched for or typed about a person
 * (the admin's donation search finds donors by PAN, email or phone): logged as [redacted].
 */
const SECRET_QUERY_PARAMETERS =
  /([?&](?:token|client_secret|access_token|password|passwd|pass|card|card_?number|cc|pan|pan_number|cvc2?|cvv2?|security_code|exp(?:iry)?|exp_(?:month|year)|q|search|e-?mail|phone|mobile|name|full_name|address|pincode)=)[^&#]*/gi;

/** Anything shaped like a card number (13–19 digits, maybe grouped by spaces or dashes, maybe %20-encoded). */
const CARD_NUMBER = /(?<![0-9])[0-9](?:(?:%20|[ +-])?[0-9]){12,18}(?![0-9])/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]').replace(CARD_NUMBER, '[redacted]');
}

/**
 * One log line per request, written when the response is done (Fastify's own logging writes two, plus a
 * third for a 404). Only method, URL, status and time: headers and bodies may carry credentials and stay
 * out of the log.
 */
export class RequestLogController extends LogController {
  /** `lines`: requestLineLogger(app's logger): the success line skips the redaction pass (logger.ts). */
  constructor(private readonly lines: FastifyBaseLogger) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const url = redactUrl(request.url);
    const line = { method: request.method, url, statusCode: reply.statusCode, ms };
    const message = `${request.method} ${url} ${reply.statusCode} ${ms}ms`;
    // An error here means the response itself failed (e.g. the client went away mid-stream).
    if (error) request.log.warn({ ...line, err: error }, message);
    else this.lines.info({ reqId: request.id, ...line }, message);
  }
}
