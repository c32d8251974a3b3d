// The project's page: its keys with their last use; an admin or owner creates a key (name, scopes,
// duration 7, 30, 90 or 365 days or never; shown once), rotates it (the old one stops at once or
// after 1 or 7 days) or revokes it, and archives or restores the project (its keys stop and come
// back). The same account actions as `campaign-sim admin key ...` (operations/account-actions.ts).
import type { FastifyInstance } from 'fastify';
import { GRACE_DAYS, KEY_DURATIONS_DAYS, SCOPES, type GraceDays, type KeyDurationDays, type Scope } from '../accounts/api-keys.js';
import {
  archiveProject, createKey, listKeys, listWebhookDeliveries, removeWebhook, restoreProject, revokeKey, rotateKey, rotateWebhookSecret,
  sendTestPing, setWebhook, showWebhook,
} from '../operations/account-actions.js';
import { personInProject } from '../operations/person-in-project.js';
import { projectTrail } from './breadcrumbs.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import { getProject } from '../accounts/accounts.js';
import { UNDO_DAYS } from '../accounts/deletion.js';
import { foundOrNull } from '../operations/found-or-null.js';
import { refuseField } from '../accounts/form-refusal.js';
import { LABELS } from './labels.js';
import { deliveryErrorWords } from './refusal-words.js';

type Form = Record<string, string | string[] | undefined>;
const KEY_SCOPES: readonly Scope[] = SCOPES;

function scopesOf(f: Form): Scope[] {
  const picked = ([] as string[]).concat(f.scopes ?? []);
  if (picked.length === 0 || picked.some((s) => !KEY_SCOPES.includes(s as Scope))) refuseField(`escolha ao menos um escopo: ${KEY_SCOPES.map((s) => `${LABELS.escopo(s)} (${s})`).join('; ')}`, 'scopes');
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

  // A project unknown or deleted (it left the lists; the organization's page undoes it) is 404 (person-in-project.ts).
  async function view(id: string, pessoa: string) {
    const { project, papel } = await personInProject(store, pessoa, id);
    const webhook = await showWebhook.run(store, { projectId: id });
    return {
      webhook, entregas: webhook ? (await listWebhookDeliveries.run(store, { projectId: id })).map((e) => ({ ...e, erro: e.erro === null ? null : deliveryErrorWords(e.erro) })) : [], segredo: null,
      projeto: project, papel, chaves: await listKeys.run(store, { projectId: id }), agora: store.clock.now(),
      escopos: KEY_SCOPES, duracoes: KEY_DURATIONS_DAYS, carencias: GRACE_DAYS,
      pode: {
        chaves: roleAllows(papel, 'gerir_chaves'), arquivar: roleAllows(papel, 'arquivar_projeto'), excluir: roleAllows(papel, 'excluir_projeto'),
        webhook: roleAllows(papel, 'gerir_webhook'),
      },
      ok: null, chave: null,
      trilha: await projectTrail(store, project),
    };
  }

  /**
   * A deleted project's address, for a member who may undo the deletion (while it can be undone):
   * the page says so and offers the undo (404 like any unknown project for everyone else).
   */
  async function deletedPage(id: string, pessoa: string) {
    const project = await foundOrNull(getProject(store, id));
    if (!project?.excluido_em || project.apagado_em) return null;
    const papel = await foundOrNull(requireRole(store, pessoa, project.organization_id, 'ver'));
    if (!papel || !roleAllows(papel, 'excluir_projeto')) return null;
    return { projeto: project, ate: new Date(project.excluido_em.getTime() + UNDO_DAYS * 86_400_000) };
  }

  app.get<{ Params: { id: string } }>('/projetos/:id', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const deleted = await deletedPage(req.params.id, pessoa);
    if (deleted) return kit.page(reply, 'projeto-excluido', deleted.projeto.nome, pessoa, deleted, 404);
    const data = await view(req.params.id, pessoa);
    return kit.page(reply, 'projeto', data.projeto.nome, pessoa, data);
  });

  /**
   * A POST of the page: the project's organization role, then `act`; then the page by GET with the
   * outcome, or with the refusal beside the field of `form` (its key and fields).
   */
  interface FormOf { chave(params: Record<string, string>): string; campos: readonly string[] }
  function action(path: string, role: 'gerir_chaves' | 'arquivar_projeto' | 'gerir_webhook', form: FormOf, act: (id: string, f: Form, params: Record<string, string>) => Promise<{ ok: string; chave?: string; segredo?: string }>) {
    app.post<{ Params: Record<string, string>; Body: Form }>(`/projetos/:id/${path}`, kit.csrf, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const { params } = req;
      const { project } = await personInProject(store, pessoa, params.id, role);
      let out: { ok: string; chave?: string; segredo?: string };
      try {
        out = await act(project.id, req.body, params);
      } catch (err) {
        return kit.refuse(reply, `${CONSOLE_PATH}/projetos/${project.id}`, err, { chave: form.chave(params), campos: form.campos, corpo: req.body });
      }
      // done: the page again by GET (a reload repeats nothing), the new key or secret shown once
      return kit.flash(reply, `${CONSOLE_PATH}/projetos/${project.id}`, out);
    });
  }

  action('chaves', createKey.role, { chave: () => 'chave', campos: ['nome', 'scopes', 'duracao'] }, async (id, f) => {
    const nome = String(f.nome ?? '').trim();
    if (nome === '') refuseField('dê um nome à chave', 'nome');
    // two keys of one name cannot be told apart in the list (a stopped key's name is free again)
    const now = store.clock.now();
    const taken = (await listKeys.run(store, { projectId: id })).some((k) => k.nome === nome && !(k.revogada_em && k.revogada_em <= now));
    if (taken) refuseField(`já há uma chave chamada "${nome}": dê outro nome`, 'nome');
    const made = await createKey.run(store, { projectId: id, nome, scopes: scopesOf(f), expiresInDays: durationOf(String(f.duracao ?? '')) });
    return { ok: `Chave ${made.record.prefixo} criada. Copie agora: ela não será mostrada de novo.`, chave: made.key };
  });
  action('chaves/:chave/rotacionar', rotateKey.role, { chave: (p) => `rotacionar:${p.chave}`, campos: ['carencia'] }, async (id, f, params) => {
    const grace = Number(f.carencia);
    if (!GRACE_DAYS.includes(grace as GraceDays)) refuseField('a carência é 0, 1 ou 7 dias', 'carencia');
    const made = await rotateKey.run(store, { keyId: params.chave, projectId: id, graceDays: grace as GraceDays });
    return { ok: `Chave ${made.replaced.prefixo} substituída por ${made.record.prefixo}; a antiga para ${grace === 0 ? 'já' : `em ${grace} dia(s)`}. Copie a nova agora.`, chave: made.key };
  });
  action('chaves/:chave/revogar', revokeKey.role, { chave: (p) => `revogar:${p.chave}`, campos: [] }, async (id, _f, params) => {
    const k = await revokeKey.run(store, { keyId: params.chave, projectId: id });
    return { ok: `Chave ${k.prefixo} revogada: parou agora.` };
  });
  action('webhook', setWebhook.role, { chave: () => 'webhook', campos: ['url'] }, async (id, f) => {
    const w = await setWebhook.run(store, { projectId: id, url: String(f.url ?? '').trim(), policy: kit.webhookPolicy });
    return { ok: `Webhook ativo em ${w.url}. Copie o segredo de assinatura agora: ele não será mostrado de novo.`, segredo: w.segredo };
  });
  action('webhook/segredo', rotateWebhookSecret.role, { chave: () => 'webhook-segredo', campos: [] }, async (id) => {
    const w = await rotateWebhookSecret.run(store, { projectId: id });
    return { ok: 'Novo segredo: as próximas entregas já são assinadas com ele. Copie agora.', segredo: w.segredo };
  });
  // Actions without input: the change, and what the page then says.
  const plain: Array<[string, typeof sendTestPing | typeof removeWebhook | typeof archiveProject | typeof restoreProject, string]> = [
    ['webhook/teste', sendTestPing, 'Ping enfileirado: o worker o envia em instantes; veja as entregas abaixo.'],
    ['webhook/remover', removeWebhook, 'Webhook removido: não há mais avisos, e as entregas na fila foram descartadas.'],
    ['arquivar', archiveProject, 'Projeto arquivado: as chaves pararam.'],
    ['restaurar', restoreProject, 'Projeto restaurado: as chaves voltaram.'],
  ];
  for (const [path, change, ok] of plain) action(path, change.role, { chave: () => path, campos: [] }, async (id) => { await change.run(store, { projectId: id }); return { ok }; });
}
