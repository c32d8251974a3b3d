// The project's page: its keys with their last use; an admin or owner creates a key (name, scopes,
// duration 7, 30, 90 or 365 days or never; shown once), rotates it (the old one stops at once or
// after 1 or 7 days) or revokes it, and archives or restores the project (its keys stop and come
// back). The same functions as `campaign-sim admin key ...` (service/accounts/api-keys.ts).
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { archiveProject, getProject, restoreProject } from '../accounts/accounts.js';
import {
  createApiKey, getApiKey, GRACE_DAYS, KEY_DURATIONS_DAYS, listApiKeys, revokeApiKey, rotateApiKey, SCOPES,
  type GraceDays, type KeyDurationDays, type Scope,
} from '../accounts/api-keys.js';
import { getWebhook, listWebhookDeliveries, removeWebhook, rotateWebhookSecret, sendTestPing, setWebhook } from '../webhooks/webhook-config.js';
import type { ConsoleKit } from './console-kit.js';
import { foundOrNull } from './found-or-null.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import { refuseField } from '../http/form-refusal.js';

type Form = Record<string, string | string[] | undefined>;
const KEY_SCOPES: readonly Scope[] = SCOPES;

function scopesOf(f: Form): Scope[] {
  const picked = ([] as string[]).concat(f.scopes ?? []);
  if (picked.length === 0 || picked.some((s) => !KEY_SCOPES.includes(s as Scope))) refuseField(`escolha ao menos um escopo entre ${KEY_SCOPES.join(', ')}`, 'scopes');
  return picked as Scope[];
}

function durationOf(text: string | undefined): KeyDurationDays | null {
  if (text === 'nunca') return null;
  const n = Number(text);
  if (!KEY_DURATIONS_DAYS.includes(n as KeyDurationDays)) refuseField('a duração é 7, 30, 90 ou 365 dias, ou nunca', 'duracao');
  return n as KeyDurationDays;
}

export async function consoleProjectRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;

  /** The project, or 404: unknown, or deleted (it left the lists; the organization's page undoes it). */
  async function liveProject(id: string) {
    const project = await foundOrNull(getProject(store, id));
    if (!project || project.excluido_em) throw new ServiceError('not_found', 'página não encontrada');
    return project;
  }

  async function view(id: string, pessoa: string, extra: { ok?: string | null; erro?: string | null; chave?: string | null; segredo?: string | null } = {}) {
    const project = await liveProject(id);
    const papel = await requireRole(store, pessoa, project.organization_id, 'ver');
    const webhook = await foundOrNull(getWebhook(store, id));
    return {
      webhook, entregas: webhook ? await listWebhookDeliveries(store, id) : [], segredo: extra.segredo ?? null,
      projeto: project, papel, chaves: await listApiKeys(store, id), agora: store.clock.now(),
      escopos: KEY_SCOPES, duracoes: KEY_DURATIONS_DAYS, carencias: GRACE_DAYS,
      pode: {
        chaves: roleAllows(papel, 'gerir_chaves'), arquivar: roleAllows(papel, 'arquivar_projeto'), excluir: roleAllows(papel, 'excluir_projeto'),
        webhook: roleAllows(papel, 'gerir_webhook'),
      },
      ok: extra.ok ?? null, erro: extra.erro ?? null, chave: extra.chave ?? null,
    };
  }

  app.get('/projetos/:id', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const data = await view((req.params as { id: string }).id, pessoa);
    return kit.page(reply, 'projeto', data.projeto.nome, pessoa, data);
  });

  /** A POST of the page: the project's organization role, then `act`; the page again with the outcome. */
  function action(path: string, role: 'gerir_chaves' | 'arquivar_projeto' | 'gerir_webhook', act: (id: string, f: Form, params: Record<string, string>) => Promise<{ ok: string; chave?: string; segredo?: string }>) {
    app.post(`/projetos/:id/${path}`, kit.csrf, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const params = req.params as Record<string, string>;
      const project = await liveProject(params.id);
      await requireRole(store, pessoa, project.organization_id, role);
      let out: { ok?: string; erro?: string | null; chave?: string; segredo?: string } = {};
      try {
        out = await act(project.id, req.body as Form, params);
      } catch (err) {
        const erro = kit.refusal(err);
        if (erro === null) throw err;
        out = { erro };
      }
      const data = await view(project.id, pessoa, out);
      return kit.page(reply, 'projeto', data.projeto.nome, pessoa, data, out.erro ? 422 : 200);
    });
  }

  /** A key of this project (a key of another project is not found here). */
  async function keyOf(projectId: string, keyId: string) {
    const k = await foundOrNull(getApiKey(store, keyId));
    if (!k || k.project_id !== projectId) throw new ServiceError('not_found', 'chave não encontrada');
    return k;
  }

  action('chaves', 'gerir_chaves', async (id, f) => {
    const nome = String(f.nome ?? '').trim();
    if (nome === '') refuseField('dê um nome à chave', 'nome');
    const made = await createApiKey(store, { projectId: id, nome, scopes: scopesOf(f), expiresInDays: durationOf(String(f.duracao ?? '')) });
    return { ok: `Chave ${made.record.prefixo} criada. Copie agora: ela não será mostrada de novo.`, chave: made.key };
  });
  action('chaves/:chave/rotacionar', 'gerir_chaves', async (id, f, params) => {
    const old = await keyOf(id, params.chave);
    const grace = Number(f.carencia);
    if (!GRACE_DAYS.includes(grace as GraceDays)) refuseField('a carência é 0, 1 ou 7 dias', 'carencia');
    const made = await rotateApiKey(store, old.id, { graceDays: grace as GraceDays });
    return { ok: `Chave ${old.prefixo} substituída por ${made.record.prefixo}; a antiga para ${grace === 0 ? 'já' : `em ${grace} dia(s)`}. Copie a nova agora.`, chave: made.key };
  });
  action('chaves/:chave/revogar', 'gerir_chaves', async (id, _f, params) => {
    const k = await keyOf(id, params.chave);
    await revokeApiKey(store, k.id);
    return { ok: `Chave ${k.prefixo} revogada: parou agora.` };
  });
  action('webhook', 'gerir_webhook', async (id, f) => {
    const w = await setWebhook(store, id, String(f.url ?? '').trim(), { policy: kit.webhookPolicy });
    return { ok: `Webhook ativo em ${w.url}. Copie o segredo de assinatura agora: ele não será mostrado de novo.`, segredo: w.segredo };
  });
  action('webhook/segredo', 'gerir_webhook', async (id) => {
    const w = await rotateWebhookSecret(store, id);
    return { ok: 'Novo segredo: as próximas entregas já são assinadas com ele. Copie agora.', segredo: w.segredo };
  });
  // Actions without input: the change, and what the page then says.
  const plain: Array<[string, 'gerir_webhook' | 'arquivar_projeto', (store: ConsoleKit['store'], id: string) => Promise<unknown>, string]> = [
    ['webhook/teste', 'gerir_webhook', sendTestPing, 'Ping enfileirado: o worker o envia em instantes; veja as entregas abaixo.'],
    ['webhook/remover', 'gerir_webhook', removeWebhook, 'Webhook removido: não há mais avisos, e as entregas na fila foram descartadas.'],
    ['arquivar', 'arquivar_projeto', archiveProject, 'Projeto arquivado: as chaves pararam.'],
    ['restaurar', 'arquivar_projeto', restoreProject, 'Projeto restaurado: as chaves voltaram.'],
  ];
  for (const [path, role, change, ok] of plain) action(path, role, async (id) => { await change(store, id); return { ok }; });
}
