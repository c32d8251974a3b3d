// What the console's route modules share (console-routes.ts makes it): rendering a page, the
// signed-in person, the CSRF hook, how a refused form is told.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flash } from './flash.js';
import type { ServiceContext } from '../service-context.js';
import type { AddressPolicy } from '../webhooks/address-policy.js';
import type { Store } from '../store/open-store.js';
import type { Sealer } from './sealed-text.js';

export const CONSOLE_PATH = '/console';

/** A refused form: its key in the page (form-state.ts), its fields, the body sent. */
export interface RefusedForm {
  chave: string;
  campos: readonly string[];
  corpo: Record<string, string | string[] | undefined>;
}

/** What the console's route modules share: rendering a page, the signed-in person, the CSRF hook. */
export interface ConsoleKit {
  ctx: ServiceContext;
  store: Store;
  page(reply: FastifyReply, view: string, titulo: string, pessoa: string | null, data?: Record<string, unknown>, status?: number): FastifyReply;
  requirePerson(req: FastifyRequest, reply: FastifyReply): Promise<string | null>;
  csrf: { preHandler: FastifyInstance['csrfProtection'] };
  /** After a POST that changed something: keep what the page says once (flash.ts) and redirect there (303). */
  flash(reply: FastifyReply, path: string, said: Flash): FastifyReply;
  /**
   * After a refused POST (a 422 ServiceError; anything else is rethrown): back to `path` (303), whose
   * page shows the message beside the field of form `form.chave` it names (one of `form.campos`,
   * else beside the button) with the values typed (form-state.ts).
   */
  refuse(reply: FastifyReply, path: string, err: unknown, form: RefusedForm): FastifyReply;
  devCredits: boolean;
  /** The console's public origin (the configured public URL, else the address it listens on): absolute links, such as an invitation's. */
  origin(): string;
  /** The address policy webhook URLs are checked with (webhooks/webhook-settings.ts). */
  webhookPolicy: AddressPolicy;
  /** Seals an invitation's token, to show its link again while valid (sealed-text.ts). */
  convites: Sealer;
}
