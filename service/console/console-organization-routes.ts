// The organization's page: balance, this month's spend, the monthly limit (an admin sets it), the
// credit statement with the job of each entry, development credits (no payment provider here),
// members and projects, and a new project. Roles: accounts/roles.ts; the actions are the account
// actions `campaign-sim admin` runs too (operations/account-actions.ts).
import type { FastifyInstance } from 'fastify';
import { getOrganization, getProject, MEMBER_ROLES, type MemberRole } from '../accounts/accounts.js';
import { deletedProjects, UNDO_DAYS } from '../accounts/deletion.js';
import { INVITATION_DAYS } from '../accounts/invitation-days.js';
import { pendingInvitations } from '../accounts/invitations.js';
import { listEntries } from '../accounts/ledger.js';
import { projectsOf } from '../accounts/people.js';
import {
  addCredits, changeMember, closeOrganization, createProject, deleteProject, invite, reopenOrganization, revokeInvitation, setSpendLimit, showOrganization,
  undoProjectDeletion,
} from '../operations/account-actions.js';
import { formatReais, reaisToMicros } from '../accounts/reais.js';
import { organizationCrumb } from './breadcrumbs.js';
import { LABELS } from './labels.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import { refuseField } from '../accounts/form-refusal.js';

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

export async function consoleOrganizationRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;
  async function view(id: string, pessoa: string) {
    const papel = await requireRole(store, pessoa, id, showOrganization.role);
    const { saldo_micros, gasto_mes_micros, membros, ...org } = await showOrganization.run(store, { organizationId: id });
    const entries = (await listEntries(store, id)).slice(-STATEMENT_LINES).reverse();
    return {
      data: {
        org, papel, reais: formatReais, devCredits: kit.devCredits,
        saldo: saldo_micros, gasto: gasto_mes_micros,
        extrato: entries, membros,
        projetos: (await projectsOf(store, pessoa)).filter((p) => p.organization_id === id),
        excluidos: (await deletedProjects(store, id)).map((p) => ({ ...p, ate: new Date(p.excluido_em.getTime() + UNDO_DAYS * 86_400_000) })),
        reabrirAte: org.fechada_em ? new Date(org.fechada_em.getTime() + UNDO_DAYS * 86_400_000) : null,
        pode: {
          limite: roleAllows(papel, 'definir_limite'), creditos: roleAllows(papel, 'adicionar_creditos') && kit.devCredits, projeto: roleAllows(papel, 'criar_projeto'),
          excluir: roleAllows(papel, 'excluir_projeto'), fechar: roleAllows(papel, 'fechar_organizacao'), convidar: roleAllows(papel, 'convidar'),
          membros: roleAllows(papel, 'gerir_membros'),
        },
        convites: await pendingInvitations(store, id), papeis: MEMBER_ROLES,
        ok: null, convite: null,
        trilha: [organizationCrumb(org)],
      },
    };
  }

  app.get<{ Params: { id: string } }>('/organizacoes/:id', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const v = await view(req.params.id, pessoa);
    return kit.page(reply, 'organizacao', v.data.org.nome, pessoa, v.data);
  });

  /**
   * A POST of the page: checks the role, runs `act`, then the page by GET with its outcome, or with
   * the refusal beside the field of `form` (its key, fields, and the page it is on when not this one).
   */
  type Outcome = string | { redirect: string } | { ok: string; convite?: string; onde: string };
  interface FormOf { chave(params: Record<string, string>, f: Form): string; campos: readonly string[]; pagina?(params: Record<string, string>): string }
  function action(path: string, role: Parameters<typeof requireRole>[3], form: FormOf, act: (id: string, f: Form, params: Record<string, string>, papel: MemberRole) => Promise<Outcome>) {
    app.post<{ Params: Record<string, string>; Body: Form }>(`/organizacoes/:id/${path}`, kit.csrf, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const { params } = req;
      const id = params.id;
      const papel = await requireRole(store, pessoa, id, role);
      let r: Outcome;
      try {
        r = await act(id, req.body, params, papel);
      } catch (err) {
        return kit.refuse(reply, form.pagina?.(params) ?? `${CONSOLE_PATH}/organizacoes/${id}`, err, { chave: form.chave(params, req.body), campos: form.campos, corpo: req.body });
      }
      if (typeof r !== 'string' && 'redirect' in r) return reply.redirect(r.redirect, 303);
      // done: the page again by GET (a reload repeats nothing), with what it says once; an outcome
      // that names its section (`onde`) is said there, and the page opens at it
      const at = typeof r === 'string' ? '' : `#${r.onde}`;
      return kit.flash(reply, `${CONSOLE_PATH}/organizacoes/${id}${at}`, typeof r === 'string' ? { ok: r } : r);
    });
  }

  action('limite', setSpendLimit.role, { chave: () => 'limite', campos: ['limite'] }, async (id, f) => {
    const micros = (f.limite ?? '').trim() === '' ? null : amount(f.limite, 'limite');
    await setSpendLimit.run(store, { organizationId: id, micros });
    if (micros === null) return 'Limite mensal removido.';
    const { gasto_mes_micros: gasto } = await showOrganization.run(store, { organizationId: id });
    // a limit below this month's spend is allowed (it stops new jobs at once), but said plainly
    return micros < gasto
      ? `Limite mensal: ${formatReais(micros)}. Atenção: já foram gastos ${formatReais(gasto)} neste mês, mais que o limite: novos jobs serão recusados até o mês que vem.`
      : `Limite mensal: ${formatReais(micros)}.`;
  });
  action('creditos', addCredits.role, { chave: () => 'creditos', campos: ['valor'] }, async (id, f) => {
    if (!kit.devCredits) throw Object.assign(new Error('créditos pelo console só em desenvolvimento'), { statusCode: 403 });
    const micros = amount(f.valor, 'valor');
    await addCredits.run(store, { organizationId: id, micros, nota: 'créditos de desenvolvimento (console)' });
    return `${formatReais(micros)} adicionados.`;
  });
  // the deletion's form is on the project's page: a refusal goes back there
  action('projetos/:pid/excluir', deleteProject.role, { chave: () => 'excluir-projeto', campos: ['confirmacao'], pagina: (p) => `${CONSOLE_PATH}/projetos/${p.pid}` }, async (id, f, params) => {
    const project = await getProject(store, params.pid);
    confirmName(f, project.nome, 'o nome do projeto');
    const p = await deleteProject.run(store, { organizationId: id, projectId: params.pid });
    return `Projeto ${p.nome} excluído: saiu das listas e suas chaves pararam. Dá para desfazer por ${UNDO_DAYS} dias.`;
  });
  action('projetos/:pid/desfazer', undoProjectDeletion.role, { chave: (p) => `desfazer:${p.pid}`, campos: [] }, async (id, _f, params) => {
    const p = await undoProjectDeletion.run(store, { organizationId: id, projectId: params.pid });
    return `Exclusão do projeto ${p.nome} desfeita.`;
  });
  action('fechar', closeOrganization.role, { chave: () => 'fechar', campos: ['confirmacao'] }, async (id, f) => {
    confirmName(f, (await getOrganization(store, id)).nome, 'o nome da organização');
    await closeOrganization.run(store, { organizationId: id });
    return `Organização fechada: todas as chaves pararam. Dá para reabrir por ${UNDO_DAYS} dias; depois, projetos e membros são apagados (o extrato fica).`;
  });
  action('reabrir', reopenOrganization.role, { chave: () => 'reabrir', campos: [] }, async (id) => {
    await reopenOrganization.run(store, { organizationId: id });
    return 'Organização reaberta.';
  });
  // Removing someone ends their access at once (their sessions stay, but every organization page
  // checks the membership).
  action('membros', changeMember.role, { chave: (_p, f) => `membro:${f.acao === 'remover' ? 'remover:' : ''}${emailOf(f)}`, campos: [] }, async (id, f, _params, papel) => {
    const email = emailOf(f);
    const next = f.acao === 'remover' ? null : ((f.papel ?? '') as MemberRole);
    await changeMember.run(store, { organizationId: id, email, papel: next, by: papel });
    return next === null ? `${email} não é mais membro.` : `${email} agora é ${LABELS.papel(next)}.`;
  });
  action('convites', invite.role, { chave: () => 'convidar', campos: ['email', 'papel'], pagina: (p) => `${CONSOLE_PATH}/organizacoes/${p.id}#convites` }, async (id, f, _params, papel) => {
    const token = await invite.run(store, { organizationId: id, email: f.email ?? '', papel: (f.papel ?? 'member') as MemberRole, by: papel });
    return { ok: `Convite criado para ${emailOf(f)}: envie este link (vale ${INVITATION_DAYS} dias, uma vez).`, convite: `${kit.origin()}${CONSOLE_PATH}/convites/${token}`, onde: 'convites' };
  });
  action('convites/revogar', revokeInvitation.role, { chave: (_p, f) => `revogar-convite:${emailOf(f)}`, campos: [], pagina: (p) => `${CONSOLE_PATH}/organizacoes/${p.id}#convites` }, async (id, f) => {
    const email = emailOf(f);
    const n = await revokeInvitation.run(store, { organizationId: id, email });
    return { ok: n > 0 ? `Convite para ${email} revogado: o link não vale mais.` : `Não havia convite pendente para ${email}.`, onde: 'convites' };
  });
  action('projetos', createProject.role, { chave: () => 'projeto', campos: ['nome'] }, async (id, f) => {
    const nome = (f.nome ?? '').trim();
    if (nome === '') refuseField('Dê um nome ao projeto.', 'nome');
    const p = await createProject.run(store, { organizationId: id, nome });
    return { redirect: `${CONSOLE_PATH}/projetos/${p.id}` };
  });
}
