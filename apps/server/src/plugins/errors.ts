/**
 * Every error answers `{ code, message, details? }` (contracts `ApiErrorSchema`). Client
 * errors say what was wrong; server errors are logged with their stack and answered with
 * a generic message.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@betsite/contracts';
import { AppError, sqlState } from '../lib/errors.ts';

/** The API families of SPEC §7 (and ours). Unknown paths below them are JSON 404s, never pages. */
export const API_PREFIXES = [
  '/bff-api',
  '/blocks-api',
  '/redirects-api',
  '/ops-api',
  '/web-api',
  '/limit-service-api',
  '/social-api',
  '/third-party',
  '/fatman-api',
] as const;

const CODES_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * PostgreSQL errors only input can cause (SQLSTATE class 22, data exceptions): text with a
 * NUL, a value too long or out of range, a malformed number or time. The contracts' schemas
 * refuse such input first (`text()` and maxima); this is the safety net, so bad input is a
 * 400 even where a schema missed it — logged, because that schema should be fixed.
 */
const INPUT_SQLSTATES: Readonly<Record<string, string>> = {
  '22021': 'character_not_in_repertoire',
  '22P05': 'untranslatable_character',
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
};

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
      reply.header('cache-control', 'no-store');
      if (error instanceof AppError) {
        return reply.code(error.statusCode).send(body(error.code, error.message, error.details));
      }
      const state = sqlState(error);
      if (state !== undefined && Object.hasOwn(INPUT_SQLSTATES, state)) {
        request.log.warn({ err: error, sqlState: state, condition: INPUT_SQLSTATES[state] }, 'the database refused a value from the request: answered 400 (a schema should refuse it first)');
        return reply.code(400).send(body('invalid_request', 'Invalid request: a value cannot be stored'));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large): their messages are safe to show.
        return reply.code(status).send(body(CODES_BY_STATUS[status] ?? 'invalid_request', error.message));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body('internal_error', 'Internal server error'));
    });

    app.setNotFoundHandler(async (request, reply) => notFound(request, reply));

    // Wildcards below each API prefix win over the page catch-all the SSR plugin adds.
    for (const prefix of API_PREFIXES) {
      app.all(prefix, notFound);
      app.all(`${prefix}/*`, notFound);
    }
  },
  { name: 'errors' },
);

async function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').send(body('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
}

function body(code: string, message: string, details?: unknown): ApiError {
  return details === undefined ? { code, message } : { code, message, details };
}
