// Requests Node's HTTP parser or Fastify's router refuse before any route runs: malformed
// HTTP (400), headers over Node's size limit (431), a request not fully received within the
// request timeout (408), a URL that cannot be decoded (400). They answer in the validation
// form like every other format error ({detail: [{loc, msg, type, input, ctx}]}) instead of
// Node's and Fastify's own bodies.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationItem } from './validation.js';

function clientErrorAnswer(code: string | undefined): { status: number; item: ValidationItem } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, item: { loc: ['body'], msg: 'The request was not received within the request timeout', type: 'request_timeout', input: null, ctx: {} } };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, item: { loc: ['header'], msg: 'The request headers are larger than the server accepts', type: 'headers_too_large', input: null, ctx: {} } };
    default:
      return { status: 400, item: { loc: ['request'], msg: 'The request is not valid HTTP', type: 'http_invalid', input: null, ctx: {} } };
  }
}

/** Fastify's clientErrorHandler: writes the answer on the socket and closes it, as Node does. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, item } = clientErrorAnswer(err.code);
  const body = JSON.stringify({ detail: [item] });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** Fastify's frameworkErrors: a URL the router cannot decode, or a path parameter over its length. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const item: ValidationItem = { loc: ['path'], msg: 'The URL cannot be decoded or is too long', type: 'url_parsing', input: null, ctx: { error: err.code } };
  void reply.code(400).type('application/json; charset=utf-8').send(JSON.stringify({ detail: [item] }));
}
