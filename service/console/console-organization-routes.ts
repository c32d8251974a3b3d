// An organization's settings, split in tabs (settings-tabs.ts; docs/console.md, "Settings"):
//  - Geral: its name (renamed by an admin or owner), its projects, a new project, the deleted ones to undo;
//  - Membros: members and their roles, invitations by link (the link shown again while valid);
//  - Créditos e limites: balance, this month's spend, the monthly limit and the spend alert (an
//    admin sets them), development credits (no payment provider here), the credit statement;
//  - Zona de perigo: closing (and reopening) the organization, an owner's.
// A closed organization shows no form but the reopening. Roles: accounts/roles.ts; the actions are
// the account actions `campaign-sim admin` runs too (operations/account-actions.ts). A costly action
// is confirmed in a dialog first (page-parts.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getOrganization, getProject, MEMBER_ROLES, type MemberRole } from '../accounts/accounts.js';
import { deletedProjects, UNDO_DAYS } from '../accounts/deletion.js';
import { INVITATION_DAYS } from '../accounts/invitation-days.js';
import { pendingInvitations } from '../accounts/invitations.js';
import { listEntries } from '../accounts/ledger.js';
import { projectsOf } from '../accounts/people.js';
import {
  addCredits, changeMember, closeOrganization, createProject, deleteProject, invite, renameOrganization, reopenOrganization, revokeInvitation, setSpendAlert,
  setSpendLimit, showOrganization, undoProjectDeletion,
} from '../operations/account-actions.js';
import { formatReais, reaisToMicros } from '../accounts/reais.js';
import { organizationCrumb } from './breadcrumbs.js';
import { LABELS } from './labels.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import { refuseField } from '../accounts/form-refusal.js';
import { organizationTab, organizationTabs, type OrganizationTab } from './settings-tabs.js';
import { spendAlertWords } from './spend-alert-words.js';

type Form = Record<string, string | undefined>;
/** Statement lines the page shows (newest first). */
const STATEMENT_LINES = 100;

function amount(text: string | undefined, field: string): number {
  const micros = reaisToMicros(text ?? '');
  if (micros === null) refuseField('informe um valor em reais, como 100 ou 12,50', field);
  return micros;
}

/** The e-mail a form names, as memberships and invitations keep it. */
const emailOf = (f: Form) => (f.email ?? '').trim().toLowerCase();

/** A deletion asks for the name typed (field confirmacao), as the page's confirmation step says. */
function confirmName(f: Form, nome: string, what: string): void {
  if ((f.confirmacao ?? '').trim() !== nome) refuseField(`Para confirmar, digite ${what} exatamente: ${nome}.`, 'confirmacao');
}

/** A percent typed (empty: none). */
function percentOf(text: string | undefined): number | null {
  const t = (text ?? '').trim().replace(/\s*%$/, '');
  if (t === '') return null;
  if (!/^\d{1,3}$/.test(t)) refuseField('Informe uma porcentagem inteira de 1 a 100, ou deixe vazio.', 'parte');
  return Number(t);
}

/** An id usable in a page's element ids and addresses (an e-mail's row). */
const rowId = (email: string) => email.replace(/[^A-Za-z0-9_-]/g, '-');

export async function consoleOrganizationRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;
  async function view(id: string, pessoa: string, aba: OrganizationTab) {
    const papel = await requireRole(store, pessoa, id, showOrganization.role);
    const { saldo_micros, gasto_mes_micros, membros, ...org } = await showOrganization.run(store, { organizationId: id });
    const fechada = Boolean(org.fechada_em);
    const data: Record<string, unknown> = {
      org, papel, aba, reais: formatReais, fechada,
      saldo: saldo_micros, gasto: gasto_mes_micros,
      alerta: spendAlertWords(org, gasto_mes_micros),
      reabrirAte: org.fechada_em ? new Date(org.fechada_em.getTime() + UNDO_DAYS * 86_400_000) : null,
      // a closed organization shows no form but the reopening
      pode: {
        renomear: !fechada && roleAllows(papel, 'renomear_organizacao'),
        limite: !fechada && roleAllows(papel, 'definir_limite'), creditos: !fechada && roleAllows(papel, 'adicionar_creditos') && kit.devCredits,
        projeto: !fechada && roleAllows(papel, 'criar_projeto'), excluir: !fechada && roleAllows(papel, 'excluir_projeto'),
        fechar: roleAllows(papel, 'fechar_organizacao'), convidar: !fechada && roleAllows(papel, 'convidar'),
        membros: !fechada && roleAllows(papel, 'gerir_membros'),
      },
      ok: null, convite: null,
      trilha: [organizationCrumb(org)], abas: organizationTabs(id, aba), abasRotulo: 'Configurações da organização',
    };
    if (aba === 'geral') {
      data.projetos = (await projectsOf(store, pessoa)).filter((p) => p.organization_id === id);
      data.excluidos = (await deletedProjects(store, id)).map((p) => ({ ...p, ate: new Date(p.excluido_em.getTime() + UNDO_DAYS * 86_400_000) }));
    } else if (aba === 'membros') {
      data.membros = membros.map((m) => ({ ...m, linha: rowId(m.email) }));
      // a pending invitation's link, opened from its sealed copy (null when it was made without one,
      // or under another console secret)
      data.convites = (await pendingInvitations(store, id)).map((c) => {
        const token = c.link_cifrado === null ? null : kit.convites.open(c.link_cifrado);
        return { ...c, linha: rowId(c.email), link: token === null ? null : `${kit.origin()}${CONSOLE_PATH}/convites/${token}` };
      });
      data.papeis = MEMBER_ROLES;
      data.dias = INVITATION_DAYS;
    } else if (aba === 'creditos') {
      data.extrato = (await listEntries(store, id)).slice(-STATEMENT_LINES).reverse();
      data.devCredits = kit.devCredits;
    }
    return data;
  }

  const pages: Array<[OrganizationTab, string]> = [['geral', ''], ['membros', '/membros'], ['creditos', '/creditos'], ['perigo', '/perigo']];
  for (const [aba, path] of pages) {
    app.get<{ Params: { id: string } }>(`/organizacoes/:id${path}`, async (req, reply): Promise<FastifyReply> => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const data = await view(req.params.id, pessoa, aba);
      const org = data.org as { nome: string };
      return kit.page(reply, `organizacao-${aba}`, aba === 'geral' ? org.nome : `${org.nome}: ${organizationTabs(req.params.id, aba).find((t) => t.atual)!.rotulo}`, pessoa, data);
    });
  }

  /**
   * A POST of a tab: checks the role, runs `act`, then the tab by GET with its outcome, or with the
   * refusal beside the field of `form` (its key, fields, and the page it is on when not the tab's).
   */
  type Outcome = string | { redirect: string } | { ok: string; convite?: string };
  interface FormOf { chave(params: Record<string, string>, f: Form): string; campos: readonly string[]; pagina?(params: Record<string, string>): string }
  function action(path: string, aba: OrganizationTab, role: Parameters<typeof requireRole>[3], form: FormOf, act: (id: string, f: Form, params: Record<string, string>, papel: MemberRole) => Promise<Outcome>) {
    app.post<{ Params: Record<string, string>; Body: Form }>(`/organizacoes/:id/${path}`, kit.csrf, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const { params } = req;
      const id = params.id;
      const papel = await requireRole(store, pessoa, id, role);
      const back = organizationTab(id, aba);
      let r: Outcome;
      try {
        r = await act(id, req.body, params, papel);
      } catch (err) {
        return kit.refuse(reply, form.pagina?.(params) ?? back, err, { chave: form.chave(params, req.body), campos: form.campos, corpo: req.body });
      }
      if (typeof r !== 'string' && 'redirect' in r) return reply.redirect(r.redirect, 303);
      // done: the tab again by GET (a reload repeats nothing), with what it says once
      return kit.flash(reply, back, typeof r === 'string' ? { ok: r } : r);
    });
  }

  action('nome', 'geral', renameOrganization.role, { chave: () => 'nome', campos: ['nome'] }, async (id, f) => {
    const org = await renameOrganization.run(store, { organizationId: id, nome: f.nome ?? '' });
    return `Organização renomeada: ${org.nome}.`;
  });
  action('limite', 'creditos', setSpendLimit.role, { chave: () => 'limite', campos: ['limite'] }, async (id, f) => {
    const micros = (f.limite ?? '').trim() === '' ? null : amount(f.limite, 'limite');
    await setSpendLimit.run(store, { organizationId: id, micros });
    if (micros === null) return 'Limite mensal removido.';
    const { gasto_mes_micros: gasto } = await showOrganization.run(store, { organizationId: id });
    // a limit below this month's spend is allowed (it stops new jobs at once), but said plainly
    return micros < gasto
      ? `Limite mensal: ${formatReais(micros)}. Atenção: já foram gastos ${formatReais(gasto)} neste mês, mais que o limite: novas simulações serão recusadas até o mês que vem.`
      : `Limite mensal: ${formatReais(micros)}.`;
  });
  action('alerta', 'creditos', setSpendAlert.role, { chave: () => 'alerta', campos: ['parte'] }, async (id, f) => {
    const parte = percentOf(f.parte);
    await setSpendAlert.run(store, { organizationId: id, parte });
    return parte === null ? 'Alerta de gasto desligado.' : `Alerta de gasto em ${parte}% do limite mensal.`;
  });
  action('creditos', 'creditos', addCredits.role, { chave: () => 'creditos', campos: ['valor'] }, async (id, f) => {
    if (!kit.devCredits) throw Object.assign(new Error('créditos pelo console só em desenvolvimento'), { statusCode: 403 });
    const micros = amount(f.valor, 'valor');
    await addCredits.run(store, { organizationId: id, micros, nota: 'créditos de desenvolvimento (console)' });
    return `${formatReais(micros)} adicionados.`;
  });
  // the deletion's form is on the project's danger zone: a refusal goes back there; done, the organization's Geral
  action('projetos/:pid/excluir', 'geral', deleteProject.role, { chave: () => 'excluir-projeto', campos: ['confirmacao'], pagina: (p) => `${CONSOLE_PATH}/projetos/${p.pid}/perigo` }, async (id, f, params) => {
    const project = await getProject(store, params.pid);
    confirmName(f, project.nome, 'o nome do projeto');
    const p = await deleteProject.run(store, { organizationId: id, projectId: params.pid });
    return `Projeto ${p.nome} excluído: saiu das listas e suas chaves pararam. Dá para desfazer por ${UNDO_DAYS} dias.`;
  });
  action('projetos/:pid/desfazer', 'geral', undoProjectDeletion.role, { chave: (p) => `desfazer:${p.pid}`, campos: [] }, async (id, _f, params) => {
    const p = await undoProjectDeletion.run(store, { organizationId: id, projectId: params.pid });
    return `Exclusão do projeto ${p.nome} desfeita.`;
  });
  action('fechar', 'perigo', closeOrganization.role, { chave: () => 'fechar', campos: ['confirmacao'] }, async (id, f) => {
    confirmName(f, (await getOrganization(store, id)).nome, 'o nome da organização');
    await closeOrganization.run(store, { organizationId: id });
    return `Organização fechada: todas as chaves pararam. Dá para reabrir por ${UNDO_DAYS} dias; depois, projetos e membros são apagados (o extrato fica).`;
  });
  action('reabrir', 'perigo', reopenOrganization.role, { chave: () => 'reabrir', campos: [] }, async (id) => {
    await reopenOrganization.run(store, { organizationId: id });
    return 'Organização reaberta.';
  });
  // Removing someone ends their access at once (their sessions stay, but every organization page
  // checks the membership).
  action('membros', 'membros', changeMember.role, { chave: (_p, f) => `membro:${f.acao === 'remover' ? 'remover:' : ''}${emailOf(f)}`, campos: [] }, async (id, f, _params, papel) => {
    const email = emailOf(f);
    const next = f.acao === 'remover' ? null : ((f.papel ?? '') as MemberRole);
    await changeMember.run(store, { organizationId: id, email, papel: next, by: papel });
    return next === null ? `${email} não é mais membro.` : `${email} agora é ${LABELS.papel(next)}.`;
  });
  action('convites', 'membros', invite.role, { chave: () => 'convidar', campos: ['email', 'papel'] }, async (id, f, _params, papel) => {
    const token = await invite.run(store, { organizationId: id, email: f.email ?? '', papel: (f.papel ?? 'member') as MemberRole, by: papel, seal: kit.convites.seal });
    return { ok: `Convite criado para ${emailOf(f)}. Copie o link agora e envie-o você mesmo (não há servidor de e-mail): vale ${INVITATION_DAYS} dias, uma vez; ele fica em "Convites pendentes" enquanto valer.`, convite: `${kit.origin()}${CONSOLE_PATH}/convites/${token}` };
  });
  action('convites/revogar', 'membros', revokeInvitation.role, { chave: (_p, f) => `revogar-convite:${emailOf(f)}`, campos: [] }, async (id, f) => {
    const email = emailOf(f);
    const n = await revokeInvitation.run(store, { organizationId: id, email });
    return n > 0 ? `Convite para ${email} revogado: o link não vale mais.` : `Não havia convite pendente para ${email}.`;
  });
  action('projetos', 'geral', createProject.role, { chave: () => 'projeto', campos: ['nome'] }, async (id, f) => {
    const nome = (f.nome ?? '').trim();
    if (nome === '') refuseField('Dê um nome ao projeto.', 'nome');
    const p = await createProject.run(store, { organizationId: id, nome });
    return { redirect: `${CONSOLE_PATH}/projetos/${p.id}` };
  });
}
