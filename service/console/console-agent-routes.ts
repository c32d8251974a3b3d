// Agents on the console (spec "Agents on the MCP server"; docs/agents.md):
//  - /agentes/autorizar/:uid: an agent's authorization request (service/oauth/), valid for 10
//    minutes from the agent's call. The person signs in (the sign-in page comes back here), sees
//    which client asks and where it will be sent back, picks one project and what the agent may
//    do there: a reader may give only results:read, simulate needs a member, manage is never
//    offered. Allowing records the connection and its grant; refusing answers access_denied.
//  - /agentes: the connected agents of the person's projects; the person who connected one may
//    disconnect it, an admin or owner any of the organization's. Its tokens stop at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import { membershipsOf, projectsOf } from '../accounts/people.js';
import { asProvidersRequest, REQUEST_TTL_S, type AgentAuthorization, type AuthorizationServer } from '../oauth/agent-authorization.js';
import { disconnectAgent, listConnectedAgents, recordConnection } from '../oauth/agent-connections.js';
import { AGENT_SCOPES, agentScopesFor, type AgentScope } from '../oauth/agent-scopes.js';
import type { ConsoleKit } from './console-kit.js';
import { refuseField } from '../accounts/form-refusal.js';
import { LABELS } from './labels.js';

type Form = Record<string, string | string[] | undefined>;

interface Request {
  uid: string;
  clientId: string;
  cliente: string;
  /** Where the answer goes (the redirect URI's origin), shown to the person. */
  destino: string;
  /** The agent scopes asked for; all of them when the request named none. */
  pedidos: AgentScope[];
}

export async function consoleAgentRoutes(app: FastifyInstance, kit: ConsoleKit & { agents: AgentAuthorization }): Promise<void> {
  const { store } = kit;

  /** The pending request of `uid`, or null when it is over (expired, answered, or not this browser's). */
  async function readRequest(server: AuthorizationServer, req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<Request | null> {
    const { provider } = server;
    let details: Awaited<ReturnType<typeof provider.interactionDetails>>;
    try {
      details = await provider.interactionDetails(asProvidersRequest(server, req.raw), reply.raw);
    } catch (err) {
      // Only a request that is over (no interaction cookie or session) reads as expired; a store
      // outage goes on to the console's error page as 503.
      if (err instanceof errors.SessionNotFound) return null;
      throw err;
    }
    const { uid } = req.params;
    // the provider counts on its own time; the service clock decides too (tests move it)
    if (details.uid !== uid || kit.ctx.clock.now().getTime() > (details.iat + REQUEST_TTL_S) * 1000) return null;
    const clientId = String(details.params.client_id);
    const client = await provider.Client.find(clientId);
    if (!client) return null;
    const asked = String(details.params.scope ?? '').split(' ').filter((s): s is AgentScope => (AGENT_SCOPES as readonly string[]).includes(s));
    return {
      uid, clientId, cliente: client.clientName ?? clientId, destino: new URL(String(details.params.redirect_uri)).origin,
      pedidos: asked.length > 0 ? asked : [...AGENT_SCOPES],
    };
  }

  async function projectChoices(pessoa: string) {
    const roles = new Map((await membershipsOf(store, pessoa)).filter((m) => !m.fechada_em).map((m) => [m.organization_id, m]));
    return (await projectsOf(store, pessoa))
      .filter((p) => !p.arquivado_em && roles.has(p.organization_id))
      .map((p) => {
        const m = roles.get(p.organization_id)!;
        return { id: p.id, nome: p.nome, organizacao: m.nome, papel: m.papel, escopos: agentScopesFor(m.papel) };
      });
  }

  const expired = (reply: FastifyReply, pessoa: string) => kit.page(reply, 'agente-autorizar', 'Conectar agente', pessoa, { pedido: null, projetos: [] }, 400);

  app.get<{ Params: { uid: string } }>('/agentes/autorizar/:uid', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const pedido = await readRequest(kit.agents.server(), req, reply);
    if (!pedido) return expired(reply, pessoa);
    return kit.page(reply, 'agente-autorizar', 'Conectar agente', pessoa, { pedido, projetos: await projectChoices(pessoa) });
  });

  app.post<{ Params: { uid: string }; Body: Form }>('/agentes/autorizar/:uid', kit.csrf, async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const server = kit.agents.server();
    const { provider, resource } = server;
    const pedido = await readRequest(server, req, reply);
    if (!pedido) return expired(reply, pessoa);
    const f = req.body;
    let result: InteractionResults;
    if (f.acao === 'negar') {
      result = { error: 'access_denied', error_description: 'the person refused to connect the agent' };
    } else {
      const projetos = await projectChoices(pessoa);
      const projeto = projetos.find((p) => p.id === f.projeto);
      const escolhidos = ([] as string[]).concat(f.escopos ?? []);
      try {
        if (!projeto) refuseField('Escolha um projeto.', 'projeto');
        if (escolhidos.length === 0) refuseField('Escolha o que o agente pode fazer.', 'escopos');
        const fora = escolhidos.filter((s) => !(projeto.escopos as readonly string[]).includes(s) || !(pedido.pedidos as string[]).includes(s));
        if (fora.length > 0) {
          refuseField(`Seu papel (${LABELS.papel(projeto.papel)}) em ${projeto.nome} não permite dar ${fora.join(', ')} a um agente` +
            (projeto.papel === 'reader' ? ': um leitor só dá results:read.' : '.'), 'escopos');
        }
      } catch (err) {
        // back to the request's page (the same authorization request, still valid) with the refusal beside its field
        return kit.refuse(reply, req.url, err, { chave: 'agente', campos: ['projeto', 'escopos'], corpo: f });
      }
      const grant = new provider.Grant({ accountId: pessoa, clientId: pedido.clientId });
      grant.addResourceScope(resource, escolhidos.join(' '));
      const grantId = await grant.save();
      await recordConnection(store, {
        grantId, projectId: projeto.id, email: pessoa, clientId: pedido.clientId, clienteNome: pedido.cliente, scopes: escolhidos as AgentScope[],
      });
      result = { login: { accountId: pessoa }, consent: { grantId } };
    }
    const to = await provider.interactionResult(asProvidersRequest(server, req.raw), reply.raw, result, { mergeWithLastSubmission: false });
    return reply.redirect(to, 303);
  });

  app.get('/agentes', async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    return kit.page(reply, 'agentes', 'Agentes conectados', pessoa, { agentes: await listConnectedAgents(store, pessoa) });
  });

  app.post<{ Params: { id: string } }>('/agentes/:id/desconectar', kit.csrf, async (req, reply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    await disconnectAgent(store, req.params.id, pessoa);
    return kit.flash(reply, '/console/agentes', { ok: 'Agente desconectado: seus acessos pararam agora.' });
  });
}
