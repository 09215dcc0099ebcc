import type { ApiErrorBody, ErrorCode } from '@confab/shared';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isUniqueViolation } from '../db/unique-violation.js';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  payload_too_large: 413,
  unauthorized: 401,
  token_expired: 401,
  // LibreChat's own status for a refused sign-in. Its client refreshes the session on any 401
  // from a call other than 2FA or logout (SPEC 4), so a 401 here sent a wrong password into a
  // token refresh and, with no session, a reload of /login instead of the error message.
  invalid_credentials: 404,
  forbidden: 403,
  banned: 403,
  email_not_verified: 422,
  registration_disabled: 403,
  email_login_disabled: 403,
  email_taken: 409,
  rate_limited: 429,
  not_found: 404,
  conflict: 409,
  invalid_import: 400,
  illegal_model_request: 400,
  internal_error: 500,
  bad_request: 400,
  unsupported_media_type: 415,
  uri_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  unknown_endpoint: 400,
  file_upload_limit: 429,
  tts_limit: 429,
  stt_limit: 429,
  invalid_file: 400,
  file_too_large: 413,
  invalid_two_factor_code: 401,
  // Not 401: clients refresh the session on a 401, and the session is fine.
  wrong_current_password: 400,
  invalid_temp_token: 401,
  two_factor_state: 409,
  two_factor_not_available: 403,
  invalid_token: 400,
  password_reset_disabled: 403,
  password_exists: 409,
  social_login_disabled: 403,
  oauth_failed: 401,
  passkey_failed: 400,
  confirmation_mismatch: 400,
  email_domain_not_allowed: 403,
  payment_provider_error: 502,
  run_code_limit: 429,
  code_run_unavailable: 503,
  code_key_required: 400,
  code_run_failed: 502,
  file_expired: 410,
  artifact_changed: 409,
  directory_unavailable: 503,
  concurrent: 429,
  message_limit: 429,
};

/** An error that is safe to show: a stable code, a status and a message for people. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export function zodIssues(error: ZodError): NonNullable<ApiErrorBody['issues']> {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The body of a validation failure: the first problem as the message, all of them as issues. */
export function validationError(error: ZodError): AppError {
  const issues = zodIssues(error);
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
  return new AppError('validation_error', message, { issues });
}

/** One error handler for every route: AppError, zod, Fastify's own, then a safe 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof ZodError) err = validationError(err);
    if (err instanceof AppError) {
      // Every limit's 429 says when to come back, whichever route refused.
      if (typeof err.extra.retryAfter === 'number') reply.header('Retry-After', String(err.extra.retryAfter));
      const body: ApiErrorBody = { code: err.code, message: err.message, ...err.extra };
      return reply.status(err.status).send(body);
    }
    const fe = err as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (fe.statusCode === 400 && fe instanceof SyntaxError)
    ) {
      return reply.status(400).send({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: 'payload_too_large', message: 'The request body is too large.' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ code: 'unsupported_media_type', message: 'Unsupported content type.' });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: fe.message });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ code: 'bad_request', message: fe.message });
    }
    // A duplicate that slipped past a route's own check (two requests racing): refused, not a crash.
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ code: 'conflict', message: 'This already exists.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: 'Something went wrong on the server.' });
  });
}

/**
 * Errors Fastify's router raises before any route or hook runs (a malformed URL, a path segment
 * over 100 characters), in the same `{code, message}` shape as every other error, without
 * echoing the URL back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: 'uri_too_long', message: 'A part of the URL is too long.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ code: 'bad_request', message: 'The URL is not valid.' });
  }
  return reply
    .status(error.statusCode ?? 400)
    .send({ code: 'bad_request', message: 'The request could not be routed.' });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL past the header
 * size limit, a malformed request, a client timeout), answered on the socket in the same
 * `{code, message}` shape as every other error rather than Fastify's own.
 */
export function clientErrors(error: ConnectionError, socket: Socket): void {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers_too_large', 'The request headers or URL are too large.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout', 'The request took too long to arrive.')
        : new AppError('bad_request', 'The request is malformed.');
  const json = JSON.stringify({ code: refusal.code, message: refusal.message } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** The JSON 404 of an unknown route. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
