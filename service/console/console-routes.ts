// The web console (/console), server-rendered: sign-up, sign-in and sign-out, the person's
// organizations and projects, password change and account deletion. An encapsulated plugin:
// its cookies (@fastify/cookie, signed), form bodies (@fastify/formbody), CSRF tokens
// (@fastify/csrf-protection, double submit with a signed cookie) and HTML errors stay inside it,
// so the /v1 API keeps its JSON contract. Views: ./views/*.eta (@fastify/view with Eta), Portuguese
// labels. Actions call the same functions as the CLI (service/accounts/people.ts, console-sessions.ts).
import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyView from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { projectPath } from '../../src/project-path.js';
import { closeOtherSessions, closeSession, openSession, readSession, SESSION_DAYS } from '../accounts/console-sessions.js';
import { acceptInvitation, peekInvitation } from '../accounts/invitations.js';
import { changePassword, createPerson, deletePerson, membershipsOf, MIN_PASSWORD_LENGTH, projectsOf, verifyPerson } from '../accounts/people.js';
import { createOwnOrganization } from '../operations/account-actions.js';
import { ORGANIZATION_NAME_MAX } from '../accounts/accounts.js';
import type { ServiceContext } from '../service-context.js';
import type { AddressPolicy } from '../webhooks/address-policy.js';
import { CONSOLE_PATH, type ConsoleKit, type RefusedForm } from './console-kit.js';
import { flasher } from './flash.js';
import { formState, keptValues, type FormState, type Refusal } from './form-state.js';
import { copyBox, dialogParts } from './page-parts.js';
import { sealer } from './sealed-text.js';
import { refusalWords, tooManyWords } from './refusal-words.js';
import { LABELS } from './labels.js';
import { consoleOrganizationRoutes } from './console-organization-routes.js';
import { consoleJobRoutes } from './console-job-routes.js';
import { consoleAgentRoutes } from './console-agent-routes.js';
import type { AgentAuthorization } from '../oauth/agent-authorization.js';
import { consoleProjectRoutes } from './console-project-routes.js';
import { consolePasswordRoutes } from './console-password-routes.js';
import type { Mailer } from '../accounts/mailer.js';
import { escapeHtml } from '../http/escape-html.js';
import { refuseField } from '../accounts/form-refusal.js';

export interface ConsoleOptions {
  ctx: ServiceContext;
  /** Signs the session and CSRF cookies. */
  secret: string;
  /** Cookies only over https: always, or 'auto' (when the request came over https, as Fastify's trustProxy tells). */
  secureCookies: boolean | 'auto';
  /** Credits may be added on the console (no payment provider: development only). */
  devCredits: boolean;
  /** The public origin, for absolute links (never from a request's Host: an invitation link must not point elsewhere). */
  origin(): string;
  webhookPolicy: AddressPolicy;
  /** The authorization server of people's agents (service/oauth/). */
  agents: AgentAuthorization;
  /** Sends the password-reset e-mails (service/accounts/mailer.ts). */
  mailer: Mailer;
}

export { CONSOLE_PATH };

const SESSION_COOKIE = 'sessao';

type Form = Record<string, string | undefined>;

/** What a form's CSRF token is bound to: the request's session cookie as sent (signed), or no session. */
function sessionBinding(req: FastifyRequest): string {
  return req.cookies[SESSION_COOKIE] || 'sem-sessao';
}

/** Where to go after signing in: only a console path (never another site: no open redirect). */
export function safeReturn(path: string | undefined): string {
  return path && /^\/console(\/[A-Za-z0-9/_\-?=&.%]*)?$/.test(path) && !path.startsWith('//') ? path : CONSOLE_PATH;
}

export async function consoleRoutes(app: FastifyInstance, o: ConsoleOptions): Promise<void> {
  const { store } = o.ctx;
  // HTML pages, not the API: kept out of the OpenAPI document (every route of this plugin and its
  // children); under the burst limit per origin address, which the spec counts "across the app,
  // API and MCP" (service/http/auth.ts).
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, porOrigem: true };
  });
  // Pages may not be framed (clickjacking of a consent or a key) and load only the console's own
  // scripts. Inline style attributes stay allowed (the views use them). No form-action: the
  // agents' consent form ends in a redirect to the agent's own address, which form-action would
  // block; no upgrade-insecure-requests: development serves plain http on 127.0.0.1.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'], 'form-action': null, 'upgrade-insecure-requests': null },
    },
    frameguard: { action: 'deny' },
  });
  const cookieOpts = { signed: true, httpOnly: true, sameSite: 'lax' as const, path: CONSOLE_PATH, secure: o.secureCookies };
  await app.register(fastifyCookie, { secret: o.secret });
  await app.register(fastifyFormbody);
  // The token is bound to the session cookie (userInfo, hashed into it): a pair of CSRF secret
  // and token that an attacker made for themselves, tossed into the victim's browser beside the
  // victim's session, does not verify (issue 32). Before sign-in the binding is to no session.
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: { ...cookieOpts, sameSite: 'strict' },
    getToken: (req) => (req.body as Form | undefined)?._csrf,
    getUserInfo: sessionBinding,
    csrfOpts: { hmacKey: createHash('sha256').update(`csrf:${o.secret}`).digest() },
  });
  await app.register(fastifyView, {
    engine: { eta: new Eta() }, root: projectPath('service', 'console', 'views'), viewExt: 'eta', layout: 'layout', production: true,
  });

  async function personOf(req: FastifyRequest): Promise<string | null> {
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const u = req.unsignCookie(raw);
    return u.valid && u.value ? readSession(store, u.value) : null;
  }

  const flash = flasher(o.secret, { path: CONSOLE_PATH, secure: o.secureCookies });
  function page(reply: FastifyReply, view: string, titulo: string, pessoa: string | null, data: Record<string, unknown> = {}, status = 200) {
    const csrf = reply.generateCsrf({ userInfo: sessionBinding(reply.request) });
    // the outcome of the POST that redirected here (flash.ts), shown once
    const { recusa, ...said } = (reply.request.method === 'GET' ? flash.take(reply.request, reply) : null) ?? {};
    const form = (data.form as FormState | undefined) ?? formState((recusa as Refusal | undefined) ?? null);
    const confirmar = (reply.request.query as Form | undefined)?.confirmar;
    const dialogo = dialogParts(reply.request.url.split('?')[0], reply.request.method === 'GET' ? confirmar : undefined, form.recusado);
    return reply.code(status).header('cache-control', 'no-store').view(view, {
      titulo, pessoa, csrf, minimo: MIN_PASSWORD_LENGTH, rotulo: LABELS, dialogo, copia: copyBox, ...data, form, ...said,
    });
  }

  /** The signed-in person, or a redirect to the sign-in page that comes back here. */
  async function requirePerson(req: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const pessoa = await personOf(req);
    if (!pessoa) reply.redirect(`${CONSOLE_PATH}/entrar?voltar=${encodeURIComponent(req.url)}`, 303);
    return pessoa;
  }

  async function signIn(reply: FastifyReply, email: string, voltar: string | undefined) {
    const token = await openSession(store, email);
    return reply.setCookie(SESSION_COOKIE, token, { ...cookieOpts, maxAge: SESSION_DAYS * 86_400 }).redirect(safeReturn(voltar), 303);
  }

  /** A refused form, back to its page by GET with the message beside the field (form-state.ts); anything but a 422 is rethrown. */
  function refuse(reply: FastifyReply, path: string, err: unknown, form: RefusedForm): FastifyReply {
    if (!(err instanceof ServiceError && err.status === 422)) throw err;
    // the field the refusal names; a refusal that names none is about the form's only field, if it has one
    const named = typeof err.extra.campo === 'string' && form.campos.includes(err.extra.campo) ? err.extra.campo : null;
    const campo = named ?? (form.campos.length === 1 ? form.campos[0] : null);
    const recusa: Refusal = { form: form.chave, campo, erro: refusalWords(err), valores: keptValues(form.corpo) };
    return flash.redirect(reply, path, { recusa });
  }
  /**
   * Sign-in and sign-up answer a refusal on the same request instead (401, 422, or 429 with
   * Retry-After: what the sign-in limits are read by), with the same markup; no password is refilled.
   */
  const inPlace = (chave: string, campo: string | null, erro: string, valores: Record<string, string>) => formState({ form: chave, campo, erro, valores });

  app.setErrorHandler(async (err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const csrfRefused = err.code === 'FST_CSRF_INVALID_TOKEN' || err.code === 'FST_CSRF_MISSING_SECRET';
    const status = csrfRefused ? 403
      : err instanceof ServiceError ? err.status : err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) reply.log.error({ err }, 'console failure');
    // an outage's 503 (store, counters) says when to try again, as the API's does
    const retryAfter = err instanceof ServiceError ? err.headers['Retry-After'] : undefined;
    if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
    // A refusal by role is a 403 too, with its own words (who may): only the CSRF refusal says the form expired.
    const text = csrfRefused ? 'O formulário expirou ou não veio desta página: recarregue a página e tente de novo.' : status >= 500 ? 'Algo falhou do nosso lado; tente de novo.' : refusalWords(err);
    // the console's own page (layout, navigation), or plain HTML when even that fails (a store outage)
    const titulo = status === 404 ? 'Página não encontrada' : status === 403 ? 'Acesso negado' : status >= 500 ? 'Algo falhou' : 'Não foi possível';
    try {
      const pessoa = status >= 500 ? null : await personOf(req);
      return await page(reply, 'erro', titulo, pessoa, { mensagem: text }, status);
    } catch {
      return reply.code(status).type('text/html; charset=utf-8').send(`<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro</title><main><h1>${escapeHtml(titulo)}</h1><p role="alert">${escapeHtml(text)}</p><p><a href="${CONSOLE_PATH}">Voltar ao console</a></p></main></html>`);
    }
  });

  // an unknown console address: the console's 404 page, not the API's JSON
  app.setNotFoundHandler(async () => {
    throw new ServiceError('not_found', 'Esta página não existe no console.');
  });

  // preHandler, not onRequest: the token is in the form body, parsed after onRequest
  const csrf = { preHandler: app.csrfProtection };
  const kit: ConsoleKit = { ctx: o.ctx, store, page, requirePerson, csrf, refuse, flash: flash.redirect, devCredits: o.devCredits, origin: o.origin, webhookPolicy: o.webhookPolicy, convites: sealer(o.secret, 'convite') };
  await app.register(consoleOrganizationRoutes, kit);
  await app.register(consoleProjectRoutes, kit);
  await app.register(consoleJobRoutes, kit);
  await app.register(consoleAgentRoutes, { ...kit, agents: o.agents });
  await app.register(consolePasswordRoutes, { ...kit, mailer: o.mailer });

  /**
   * Sign-in and sign-up on the way to an invitation (`voltar` is its link): what it offers (the
   * visitor holds the link, its secret) and its e-mail filled in, the one it must be accepted with.
   */
  async function invitationOf(voltar: string) {
    const token = /^\/console\/convites\/([A-Za-z0-9_-]+)$/.exec(voltar)?.[1];
    const peek = token ? await peekInvitation(store, token) : null;
    return peek?.valido ? peek : null;
  }
  async function signedOutPage(reply: FastifyReply, view: 'entrar' | 'cadastro', voltarText: string | undefined) {
    const voltar = safeReturn(voltarText);
    const convite = await invitationOf(voltar);
    return page(reply, view, view === 'entrar' ? 'Entrar' : 'Criar conta', null, { email: convite?.email ?? '', voltar, convite });
  }

  app.get<{ Querystring: Form }>('/entrar', async (req, reply) => {
    const q = req.query;
    if (await personOf(req)) return reply.redirect(safeReturn(q.voltar), 303);
    return signedOutPage(reply, 'entrar', q.voltar);
  });
  /**
   * Counts a password attempt of `email` (null: a sign-up) from the request's address under the
   * sign-in limits (service/accounts/rate-limit.ts); over them: Retry-After set and the words to
   * show; else what gives the attempt back when the password was right (only failures count).
   */
  async function attemptOf(req: FastifyRequest, reply: FastifyReply, email: string | null, quem: string): Promise<{ words: string } | { succeeded(): Promise<void> }> {
    const r = await o.ctx.limiter.checkSignIn(email, req.ip);
    if (!r.blocked) return r;
    reply.header('Retry-After', String(r.retryAfterSeconds));
    return { words: tooManyWords(r, quem) };
  }
  // throttled and recheckThrottled answer null once they sent the 429, not the reply: awaiting a
  // reply (a thenable) gives undefined, and the handler went on to check the password anyway.
  /** A sign-in or sign-up over its limit: 429 on the same page, with Retry-After (null); else the attempt's give-back. */
  async function throttled(req: FastifyRequest, reply: FastifyReply, email: string | null, view: 'entrar' | 'cadastro', data: { email: string; voltar: string }): Promise<(() => Promise<void>) | null> {
    const a = await attemptOf(req, reply, email, 'com este e-mail');
    if ('succeeded' in a) return a.succeeded;
    await page(reply, view, view === 'entrar' ? 'Entrar' : 'Criar conta', null, { ...data, form: inPlace(view, null, a.words, data) }, 429);
    return null;
  }
  /**
   * A password re-check of the account page (change the password, delete the account) counts as
   * a sign-in attempt of the person, in the same windows: a stolen session must not guess the
   * password faster than the sign-in page allows. Over the limit: 429 on the account page, with
   * Retry-After, the message beside the form's password field; nothing is checked (null).
   */
  async function recheckThrottled(req: FastifyRequest, reply: FastifyReply, pessoa: string, chave: 'senha' | 'excluir-conta'): Promise<(() => Promise<void>) | null> {
    const a = await attemptOf(req, reply, pessoa, 'com esta conta');
    if ('succeeded' in a) return a.succeeded;
    await page(reply, 'conta', 'Minha conta', pessoa, { ok: null, form: inPlace(chave, chave === 'senha' ? 'senha_atual' : 'senha', a.words, {}) }, 429);
    return null;
  }

  app.post<{ Body: Form }>('/entrar', csrf, async (req, reply) => {
    const f = req.body;
    const succeeded = await throttled(req, reply, (f.email ?? '').trim().toLowerCase(), 'entrar', { email: f.email ?? '', voltar: safeReturn(f.voltar) });
    if (!succeeded) return reply;
    const person = await verifyPerson(store, f.email ?? '', f.senha ?? '');
    if (!person) {
      const data = { email: f.email ?? '', voltar: safeReturn(f.voltar) };
      return page(reply, 'entrar', 'Entrar', null, { ...data, form: inPlace('entrar', null, 'E-mail ou senha não conferem.', data) }, 401);
    }
    await succeeded();
    return signIn(reply, person.email, f.voltar);
  });

  // Sign-up keeps where the person was going (an invitation's link: back there after, to accept it).
  app.get<{ Querystring: Form }>('/cadastro', async (req, reply) => signedOutPage(reply, 'cadastro', req.query.voltar));
  app.post<{ Body: Form }>('/cadastro', csrf, async (req, reply) => {
    const f = req.body;
    const voltar = safeReturn(f.voltar);
    // a sign-up stays counted in the address's window, right or wrong (accounts made in bulk)
    if (!(await throttled(req, reply, null, 'cadastro', { email: f.email ?? '', voltar }))) return reply;
    try {
      const person = await createPerson(store, f.email ?? '', f.senha ?? '');
      return await signIn(reply, person.email, voltar);
    } catch (err) {
      if (!(err instanceof ServiceError && err.status === 422)) throw err;
      const data = { email: f.email ?? '', voltar };
      const campo = err.extra.campo === 'email' || err.extra.campo === 'senha' ? err.extra.campo : null;
      return page(reply, 'cadastro', 'Criar conta', null, { ...data, form: inPlace('cadastro', campo, refusalWords(err), data) }, 422);
    }
  });

  app.post('/sair', csrf, async (req, reply) => {
    const raw = req.cookies[SESSION_COOKIE];
    const u = raw ? req.unsignCookie(raw) : null;
    if (u?.valid && u.value) await closeSession(store, u.value);
    return reply.clearCookie(SESSION_COOKIE, { path: CONSOLE_PATH }).redirect(`${CONSOLE_PATH}/entrar`, 303);
  });

  app.get('/', async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const [orgs, projects] = await Promise.all([membershipsOf(store, pessoa), projectsOf(store, pessoa)]);
    const organizacoes = orgs.map((org) => ({ ...org, projetos: projects.filter((p) => p.organization_id === org.organization_id) }));
    return page(reply, 'inicio', 'Início', pessoa, { organizacoes });
  });
  // A person's own organization: the person becomes its owner (docs/console.md: no credits, no limit).
  app.post<{ Body: Form }>('/organizacoes', csrf, async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const nome = (req.body.nome ?? '').trim();
    try {
      if (nome === '') refuseField('Informe o nome da organização.', 'nome');
      if (nome.length > ORGANIZATION_NAME_MAX) refuseField(`Use no máximo ${ORGANIZATION_NAME_MAX} caracteres.`, 'nome');
    } catch (err) {
      return refuse(reply, CONSOLE_PATH, err, { chave: 'organizacao', campos: ['nome'], corpo: req.body });
    }
    const org = await createOwnOrganization.run(store, { nome, email: pessoa });
    return reply.redirect(`${CONSOLE_PATH}/organizacoes/${org.id}`, 303);
  });

  app.get<{ Params: { token: string } }>('/convites/:token', async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const peek = await peekInvitation(store, req.params.token);
    if (!peek) throw new ServiceError('not_found', 'convite não encontrado');
    return page(reply, 'convite', 'Convite', pessoa, { convite: peek });
  });
  app.post<{ Params: { token: string } }>('/convites/:token', csrf, async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const { token } = req.params;
    try {
      const peek = await peekInvitation(store, token);
      const r = await acceptInvitation(store, token, pessoa);
      return flash.redirect(reply, `${CONSOLE_PATH}/organizacoes/${r.organization_id}`, {
        ok: `Convite aceito: você agora é ${LABELS.papel(peek!.papel)} de ${peek!.nome}.`,
      });
    } catch (err) {
      if (!(await peekInvitation(store, token))) throw err;
      return refuse(reply, `${CONSOLE_PATH}/convites/${token}`, err, { chave: 'convite', campos: [], corpo: {} });
    }
  });

  app.get('/conta', async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    return page(reply, 'conta', 'Minha conta', pessoa, { ok: null });
  });
  app.post<{ Body: Form }>('/conta/senha', csrf, async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const f = req.body;
    const succeeded = await recheckThrottled(req, reply, pessoa, 'senha');
    if (!succeeded) return reply;
    try {
      await changePassword(store, pessoa, f.senha_atual ?? '', f.senha_nova ?? '', succeeded);
      await closeOtherSessions(store, pessoa, req.unsignCookie(req.cookies[SESSION_COOKIE]!).value!);
    } catch (err) {
      return refuse(reply, `${CONSOLE_PATH}/conta`, err, { chave: 'senha', campos: ['senha_atual', 'senha_nova'], corpo: f });
    }
    return flash.redirect(reply, `${CONSOLE_PATH}/conta`, { ok: 'Senha trocada; suas outras sessões foram encerradas.' });
  });
  app.post<{ Body: Form }>('/conta/excluir', csrf, async (req, reply) => {
    const pessoa = await requirePerson(req, reply);
    if (!pessoa) return reply;
    const succeeded = await recheckThrottled(req, reply, pessoa, 'excluir-conta');
    if (!succeeded) return reply;
    try {
      await deletePerson(store, pessoa, req.body.senha ?? '', succeeded);
      return await reply.clearCookie(SESSION_COOKIE, { path: CONSOLE_PATH }).redirect(`${CONSOLE_PATH}/entrar`, 303);
    } catch (err) {
      return refuse(reply, `${CONSOLE_PATH}/conta`, err, { chave: 'excluir-conta', campos: ['senha'], corpo: req.body });
    }
  });
}
