// How the service sends an e-mail to a person (a password-reset link): the Mailer interface, and
// the development mailer, which sends nothing and writes the message to the log (docs/console.md,
// "E-mail"). A real mailer (SMTP, a provider's API) implements the same interface and is given to
// buildApp (service/app.ts, option mailer). The console never waits on a send to answer (its answer
// must not tell whether an e-mail has an account).

export interface MailMessage {
  para: string;
  assunto: string;
  texto: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The development mailer: each message as one log line at info level ("e-mail não enviado (desenvolvimento)"). */
export function logMailer(log: { info(obj: object, msg: string): void }): Mailer {
  return {
    async send(message) {
      log.info({ email: message }, 'e-mail não enviado (desenvolvimento): a mensagem está aqui');
    },
  };
}
