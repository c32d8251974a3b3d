// The one place where a thrown error becomes an HTTP response (spec "Errors"):
// - ServiceError: its status, its headers (WWW-Authenticate, Retry-After) and {detail: {code, message, ...}};
// - a request outside the route's format: 422 {detail: [{loc, msg, type, input, ctx}]};
// - anything else: 500 internal_error, logged, with no internals in the body.
// Bodies are sent as JSON text so the route's response schemas (success shapes) never reshape them.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import {
  RequestFormatError,
  jsonInvalidItem,
  toValidationItems,
  type AjvErrorLike,
  type ValidationContext,
  type ValidationItem,
} from './validation.js';

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function sendServiceError(reply: FastifyReply, err: ServiceError): FastifyReply {
  for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
  return sendJson(reply, err.status, err.toEnvelope());
}

export function sendFormatError(reply: FastifyReply, items: ValidationItem[], status = 422): FastifyReply {
  return sendJson(reply, status, { detail: items });
}

/** The data Fastify checked in a validation context, to show the offending `input`. */
function contextData(request: FastifyRequest, context: ValidationContext): unknown {
  switch (context) {
    case 'body': return request.body;
    case 'querystring': return request.query;
    case 'params': return request.params;
    case 'headers': return request.headers;
  }
}

type Validator = ((data: unknown) => boolean) & { errors?: AjvErrorLike[] | null };

/**
 * Validation items of a request Fastify found outside its route's format. Fastify stops at the
 * first failing part (path, body, query, headers); the validation form lists every problem, so
 * every part is checked again with the route's own compiled validators.
 */
export function itemsOfValidation(request: FastifyRequest, err: FastifyError): ValidationItem[] {
  const items: ValidationItem[] = [];
  for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
    const validate = request.getValidationFunction(part) as unknown as Validator | undefined;
    if (typeof validate !== 'function') continue;
    const data = contextData(request, part);
    if (!validate(data)) items.push(...toValidationItems(validate.errors ?? [], part, data));
  }
  if (items.length > 0) return items;
  const context = (err.validationContext ?? 'body') as ValidationContext;
  return toValidationItems((err.validation ?? []) as unknown as AjvErrorLike[], context, contextData(request, context));
}

/** Fastify errors raised while reading the body, mapped onto the validation form or kept as HTTP. */
function itemsOfBodyError(err: FastifyError): { status: number; items: ValidationItem[] } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 422, items: [jsonInvalidItem(err.message)] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 422, items: [{ loc: ['body'], msg: 'Field required', type: 'missing', input: null, ctx: {} }] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 422,
        items: [{ loc: ['body'], msg: 'Input should be a JSON object sent with Content-Type application/json', type: 'model_attributes_type', input: null, ctx: {} }],
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The spec does not give a maximum body size; the status stays the HTTP one (413).
      return { status: 413, items: [{ loc: ['body'], msg: err.message, type: 'body_too_large', input: null, ctx: {} }] };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, items: [{ loc: ['header', 'content-length'], msg: err.message, type: 'value_error', input: null, ctx: {} }] };
    default:
      return null;
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ServiceError | RequestFormatError, request, reply) => {
    if (error instanceof ServiceError) return sendServiceError(reply, error);
    if (error instanceof RequestFormatError) return sendFormatError(reply, error.items, error.statusCode);
    const fe = error as FastifyError;
    if (fe.validation) return sendFormatError(reply, itemsOfValidation(request, fe));
    const body = itemsOfBodyError(fe);
    if (body) return sendJson(reply, body.status, { detail: body.items });
    request.log.error({ err: error }, 'unexpected failure');
    return sendServiceError(reply, new ServiceError('internal_error', 'unexpected failure inside the service'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendServiceError(reply, new ServiceError('not_found', `no route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
