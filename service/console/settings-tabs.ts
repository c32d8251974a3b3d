// The settings of an organization and of a project split into pages, one tab each (views/abas.eta;
// docs/console.md, "Settings"): an organization's Geral, Membros, Créditos e limites and Zona de
// perigo; a project's Chaves, Webhook and Zona de perigo, beside its simulations.
import { CONSOLE_PATH } from './console-kit.js';

export interface Tab {
  rotulo: string;
  href: string;
  atual: boolean;
}

export const ORGANIZATION_TABS = { geral: ['Geral', ''], membros: ['Membros', '/membros'], creditos: ['Créditos e limites', '/creditos'], perigo: ['Zona de perigo', '/perigo'] } as const;
export type OrganizationTab = keyof typeof ORGANIZATION_TABS;

export const PROJECT_TABS = { chaves: ['Chaves', ''], webhook: ['Webhook', '/webhook'], perigo: ['Zona de perigo', '/perigo'] } as const;
export type ProjectTab = keyof typeof PROJECT_TABS;

/** The address of an organization's tab. */
export const organizationTab = (id: string, tab: OrganizationTab) => `${CONSOLE_PATH}/organizacoes/${id}${ORGANIZATION_TABS[tab][1]}`;
/** The address of a project's tab. */
export const projectTab = (id: string, tab: ProjectTab) => `${CONSOLE_PATH}/projetos/${id}${PROJECT_TABS[tab][1]}`;

export function organizationTabs(id: string, atual: OrganizationTab): Tab[] {
  return (Object.keys(ORGANIZATION_TABS) as OrganizationTab[]).map((t) => ({ rotulo: ORGANIZATION_TABS[t][0], href: organizationTab(id, t), atual: t === atual }));
}

/** A project's tabs, after its simulations (the jobs' list, console-job-routes.ts). */
export function projectTabs(id: string, atual: ProjectTab): Tab[] {
  return [
    { rotulo: 'Simulações', href: `${CONSOLE_PATH}/projetos/${id}/jobs`, atual: false },
    ...(Object.keys(PROJECT_TABS) as ProjectTab[]).map((t) => ({ rotulo: PROJECT_TABS[t][0], href: projectTab(id, t), atual: t === atual })),
  ];
}
