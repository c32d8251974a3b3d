// "Esqueci minha senha" (docs/console.md, "Forgotten password"): the sign-in page links to a form
// that asks for the e-mail; the answer is the same whether an account has it or not, and the
// e-mail (a link valid RESET_MINUTES, used once: accounts/password-resets.ts) goes through the
// mailer without the answer waiting on it. Requests are throttled like sign-in (per e-mail and
// per address, accounts/rate-limit.ts), and so is the new password's form (per address).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import type { Mailer } from '../accounts/mailer.js';
import { passwordResetValid, requestPasswordReset, resetPassword, RESET_MINUTES } from '../accounts/password-resets.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { formState } from './form-state.js';
import { refusalWords, tooManyWords } from './refusal-words.js';

type Form = Record<string, string | undefined>;

export async function consolePasswordRoutes(app: FastifyInstance, kit: ConsoleKit & { mailer: Mailer }): Promise<void> {
  const { store } = kit;
  const limiter = kit.ctx.limiter;
  const ask = (reply: FastifyReply, data: Record<string, unknown> = {}, status = 200) =>
    kit.page(reply, 'senha-esqueci', 'Esqueci minha senha', null, { email: '', enviado: false, minutos: RESET_MINUTES, ...data }, status);
  const choose = (reply: FastifyReply, token: string, data: Record<string, unknown> = {}, status = 200) =>
    kit.page(reply, 'senha-nova', 'Nova senha', null, { token, valido: true, ...data }, status);

  app.get('/senha/esqueci', async (_req, reply) => ask(reply));

  app.post<{ Body: Form }>('/senha/esqueci', kit.csrf, async (req, reply) => {
    const email = (req.body.email ?? '').trim().toLowerCase();
    if (email === '') return ask(reply, { form: formState({ form: 'esqueci', campo: 'email', erro: 'Informe o e-mail da sua conta.', valores: {} }) }, 422);
    const block = await limiter.checkPasswordReset(email, req.ip);
    if (block.blocked) {
      reply.header('Retry-After', String(block.retryAfterSeconds));
      return ask(reply, { email, form: formState({ form: 'esqueci', campo: 'email', erro: tooManyWords(block, 'com este e-mail'), valores: { email } }) }, 429);
    }
    const token = await requestPasswordReset(store, email);
    if (token) {
      const link = `${kit.origin()}${CONSOLE_PATH}/senha/nova/${token}`;
      kit.mailer.send({
        para: email,
        assunto: 'campaign-sim: troque sua senha',
        texto: `Alguém (talvez você) pediu para trocar a senha da conta ${email} no campaign-sim.\n\nPara escolher uma nova senha, abra este link em até ${RESET_MINUTES} minutos (ele vale uma vez):\n${link}\n\nSe não foi você, ignore esta mensagem: sua senha continua a mesma.`,
      }).catch((err: unknown) => req.log.error({ err }, 'the password-reset e-mail could not be sent'));
    }
    return ask(reply, { email, enviado: true });
  });

  app.get<{ Params: { token: string } }>('/senha/nova/:token', async (req, reply) => {
    const valido = await passwordResetValid(store, req.params.token);
    return choose(reply, req.params.token, { valido }, valido ? 200 : 404);
  });

  app.post<{ Params: { token: string }; Body: Form }>('/senha/nova/:token', kit.csrf, async (req, reply) => {
    const { token } = req.params;
    const attempt = await limiter.checkSignIn(null, req.ip);
    if (attempt.blocked) {
      reply.header('Retry-After', String(attempt.retryAfterSeconds));
      return choose(reply, token, { form: formState({ form: 'nova-senha', campo: 'senha', erro: tooManyWords(attempt, ''), valores: {} }) }, 429);
    }
    let email: string | null;
    try {
      email = await resetPassword(store, token, req.body.senha ?? '');
    } catch (err) {
      if (!(err instanceof ServiceError && err.status === 422)) throw err;
      return choose(reply, token, { form: formState({ form: 'nova-senha', campo: 'senha', erro: refusalWords(err), valores: {} }) }, 422);
    }
    if (!email) return choose(reply, token, { valido: false }, 404);
    await attempt.succeeded();
    return kit.flash(reply, `${CONSOLE_PATH}/entrar`, { ok: 'Senha trocada: entre com a nova senha. Suas sessões abertas foram encerradas.', email });
  });
}
