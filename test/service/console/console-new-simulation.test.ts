// "Nova simulação" and the job page that answers first, over HTTP (FormClient): a template and a
// place, the form filled from the template, the price before confirming, refusals under their
// field in Portuguese, the submission charged to the organization's credits through the same
// operation as POST /v1/jobs (once per quote), and the concluded job's page: the headline in words,
// the scenario, the verdict with its premises, Portuguese headers, pt-BR numbers, 20 rows a page,
// and the two CSVs (the one Brazilian Excel opens, and the standard one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts/accounts.js';
import { addCredits, balance } from '../../../service/accounts/ledger.js';
import { createPerson } from '../../../service/accounts/people.js';
import { getJob as getJobRecord } from '../../../service/jobs/jobs.js';
import { validateScenario } from '../../../src/contract/index.js';
import type { PlanGrp, Scenario } from '../../../src/contract/types.js';
import { jobResultToBytes, JOB_RESULT_BYTES_FORMAT } from '../../../src/findings/index.js';
import { convertGrp, planGrp } from '../../../src/models/recepcao/plan-grp.js';
import { LABELS } from '../../../service/console/labels.js';
import { NUMBERS } from '../../../service/console/result-words.js';
import { concludeNext, openHarness, type Harness } from '../routes/harness.js';
import { syntheticResult } from '../routes/synthetic-result.js';
import { FormClient } from './form-client.js';

let h: Harness;
let c: FormClient;
const nova = () => `/console/projetos/${h.projectId}/simulacoes/nova`;
const jobs = () => `/console/projetos/${h.projectId}/jobs`;

beforeAll(async () => {
  h = await openHarness('console_nova', 1_000_000);
  await createPerson(h.store, 'ana@exemplo.org', 'senha-de-teste');
  await addMember(h.store, { organizationId: h.orgId, email: 'ana@exemplo.org', papel: 'member' });
  c = new FormClient(h);
  await c.submit('/console/entrar', '/console/entrar', { email: 'ana@exemplo.org', senha: 'senha-de-teste' });
});
afterAll(async () => { await h?.close(); });

/** The water-cut notice template over RR (its audience the whole population), TV and radio for 14 days, as its form sends it. */
const FORM = {
  modelo: 'aviso-de-falta-de-agua', uf: 'RR', nome: 'Aviso de falta de água (RR)', dias: '14', replicas: '2',
  canal_radio: 'on', radio_inicio: '1', radio_fim: '14', radio_intensidade: '0,7',
  canal_tv: 'on', tv_inicio: '1', tv_fim: '14', tv_intensidade: '0,5',
  digital_inicio: '1', digital_fim: '14', digital_intensidade: '0,5', exterior_inicio: '1', exterior_fim: '14', exterior_intensidade: '0,5',
};
const query = (f: Record<string, string>) => new URLSearchParams(f).toString();

describe('Nova simulação', () => {
  it('the empty jobs page and every tab of the project lead to it, not to the API', async () => {
    for (const tab of ['', '/webhook', '/perigo']) {
      expect((await c.go('GET', `/console/projetos/${h.projectId}${tab}`)).body).toContain(`<a class="botao primario" href="${nova()}">Nova simulação</a>`);
    }
    const res = await c.go('GET', jobs());
    expect(res.body).toContain(`href="${nova()}"`);
    expect(res.body).toContain('Nenhuma simulação ainda');
    expect(res.body).not.toContain('POST /v1/jobs');
  });

  it('a template and a place, then the form filled from the template, then the price', async () => {
    const first = await c.go('GET', nova());
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Campanha de vacinação de adultos');
    expect(first.body).toContain('Roraima (RR)');
    const filled = await c.go('GET', `${nova()}?modelo=vacinacao-adultos&uf=RR`);
    expect(filled.statusCode).toBe(200);
    // the template's channels ticked with their days and intensity, in pt-BR
    expect(FormClient.value(filled, 'tv_intensidade')).toBe('0,6');
    expect(FormClient.value(filled, 'exterior_fim')).toBe('84');
    expect(FormClient.value(filled, 'dias')).toBe('90');
    expect(filled.body).toMatch(/id="canal_tv" name="canal_tv" value="on" checked/);
    expect(filled.body).toContain('Boa Vista');
    const priced = await c.go('GET', `${nova()}?${query({ ...FORM, revisar: '1' })}`);
    expect(priced.statusCode).toBe(200);
    expect(priced.body).toMatch(/Preço desta simulação<\/h2>\s*<p class="valor">R\$ [\d.]+,\d\d<\/p>/);
    expect(priced.body).toContain('Créditos da organização: <strong>R$ 1,00</strong>');
    expect(priced.body).toMatch(/Confirmar e simular por R\$/);
  });

  it('refusals of the contract under their field, in Portuguese', async () => {
    const high = await c.go('GET', `${nova()}?${query({ ...FORM, radio_intensidade: '1,5', revisar: '1' })}`);
    expect(high.statusCode).toBe(422);
    expect(FormClient.invalid(high, 'radio_intensidade')).toBe(true);
    expect(high.body).toContain('A intensidade é maior que 0 e no máximo 1');
    expect(high.body).not.toContain('Confirmar e simular');
    const late = await c.go('GET', `${nova()}?${query({ ...FORM, tv_fim: '20', revisar: '1' })}`);
    expect(FormClient.invalid(late, 'tv_fim')).toBe(true);
    expect(late.body).toContain('O canal termina depois do fim do horizonte');
    const typo = await c.go('GET', `${nova()}?${query({ ...FORM, replicas: 'três', revisar: '1' })}`);
    expect(FormClient.invalid(typo, 'replicas')).toBe(true);
    const none = await c.go('GET', `${nova()}?${query({ ...FORM, canal_radio: '', canal_tv: '', revisar: '1' })}`);
    expect(none.body).toContain('Escolha ao menos um canal.');
  });

  it('confirming submits the job through POST /v1/jobs\'s operation, charged once per quote; no credits is said above the button', async () => {
    const before = await balance(h.store, h.orgId);
    const page = `${nova()}?${query({ ...FORM, revisar: '1' })}`;
    const priced = await c.go('GET', page);
    const chave = /name="chave" value="([^"]+)"/.exec(priced.body)![1];
    const sent = await c.go('POST', `/console/projetos/${h.projectId}/simulacoes`, { _csrf: FormClient.token(priced), chave, ...FORM });
    expect(sent.statusCode).toBe(303);
    const jobPath = String(sent.headers.location);
    expect(jobPath).toMatch(new RegExp(`^${jobs()}/[0-9a-f-]{36}$`));
    const id = jobPath.split('/').at(-1)!;
    const job = await getJobRecord(h.store, h.projectId, id);
    expect(job.estado).toBe('reservado');
    expect((job.pedido as { canais: unknown[] }).canais).toEqual([
      { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.5 }, { canal: 'radio', dia_inicio: 1, dia_fim: 14, intensidade: 0.7 },
    ]);
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);
    const shown = await c.go('GET', jobPath);
    expect(shown.body).toContain('Simulação enviada: R$');
    // the same quote confirmed again (a second click): the same job, charged once
    const again = await c.go('POST', `/console/projetos/${h.projectId}/simulacoes`, { _csrf: FormClient.token(priced), chave, ...FORM });
    expect(again.headers.location).toBe(jobPath);
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);
    // more replicas than the credits pay for: back to the form, the ledger's words above the button
    const dear = { ...FORM, replicas: '20', dias: '3650' };
    const costly = await c.go('GET', `${nova()}?${query({ ...dear, revisar: '1' })}`);
    const refused = await c.go('POST', `/console/projetos/${h.projectId}/simulacoes`, {
      _csrf: FormClient.token(costly), chave: /name="chave" value="([^"]+)"/.exec(costly.body)![1], ...dear,
    });
    expect(refused.statusCode).toBe(303);
    const back = await c.go('GET', String(refused.headers.location));
    expect(back.body).toMatch(/role="alert">Créditos insuficientes: a organização tem [\d.,]+ créditos e o job custa/);
    expect(FormClient.value(back, 'replicas')).toBe('20');
  });

  it('the concluded job\'s page answers first: a headline said to be simulated, the scenario, the verdict with what is modelled, tables in words', async () => {
    const listed = await c.go('GET', jobs());
    const id = /\/jobs\/([0-9a-f-]{36})"/.exec(listed.body)![1];
    const job = await getJobRecord(h.store, h.projectId, id);
    const { result } = syntheticResult(validateScenario(job.pedido), 1, { '1400027': 'Amajari', '1400050': 'Alto Alegre', '1400100': 'Boa Vista', '1400159': 'Bonfim' });
    await concludeNext(h, { formato: JOB_RESULT_BYTES_FORMAT, dados: jobResultToBytes(result) });
    const res = await c.go('GET', `${jobs()}/${id}`);
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/Simulação sobre a população sintética de RR: [\d,]+ (mil )?pessoas alcançadas até o dia 14 \([\d,]+% da população\), segundo o modelo\./);
    expect(text).toMatch(/a TV acrescenta|o que a TV acrescenta não se distingue/);
    // the template's questions in its words, each with its answer
    expect(text).toContain('As perguntas do cenário Quantos moradores souberam do aviso na primeira semana?');
    expect(text).toContain('população sintética');
    expect(text).toMatch(/rádio ?: dia 1 a 14 \(\d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}\), intensidade 0,7/);
    expect(text).toContain('Réplicas 2 (rodadas do modelo');
    expect(text).toMatch(/Veredito: quanto confiar nestes números/);
    expect(text).toMatch(/As premissas do modelo \(\d+\)/);
    expect(text).toMatch(/Mapa: pessoas alcançadas, em parte da população de cada município O público do cenário é toda a população/);
    // the findings table: Portuguese headers, names beside codes, pt-BR numbers, 20 rows a page
    const head = /<table id="tabela-achados">\s*<thead><tr>(.*?)<\/tr>/s.exec(res.body)![1];
    expect(head.match(/<th scope="col">([^<]+)<\/th>/g)!.map((x) => x.replace(/<[^>]+>/g, ''))).toEqual(
      ['Município', 'Medida', 'Recorte', 'Grupo', 'Pessoas', 'Pessoas no recorte', 'Parte', 'Erro de Monte Carlo', 'Observação']);
    const body = /<table id="tabela-achados">.*?<tbody>(.*?)<\/tbody>/s.exec(res.body)![1];
    expect(body.match(/<tr>/g)).toHaveLength(20);
    expect(body).toContain('Amajari <span class="codigo">1400027</span>');
    expect(body).toMatch(/<td class="numero">\d+,\d%<\/td>/);
    expect(body).toContain('<td>toda a população</td>');
    expect(body).not.toMatch(/\b0\.\d/);
    expect(text).toMatch(/Linhas 1 a 20 de [\d.]+\./);
    // the verdict table in words
    const veredito = await c.go('GET', `${jobs()}/${id}?tabela=veredito`);
    expect(veredito.body).toContain('<td>veredito da simulação</td>');
    expect(veredito.body).not.toMatch(/<td>(nao_calibrado|estavel|instavel)<\/td>/);
  });

  it('the CSV Brazilian Excel opens (; and , with a BOM, names beside codes) and the standard one for code', async () => {
    const listed = await c.go('GET', jobs());
    const id = /\/jobs\/([0-9a-f-]{36})"/.exec(listed.body)![1];
    const page = await c.go('GET', `${jobs()}/${id}`);
    expect(page.body).toContain(`achados.csv?tabela=saturacao&formato=excel`);
    const excel = await c.go('GET', `${jobs()}/${id}/achados.csv?tabela=saturacao&formato=excel`);
    expect(excel.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(excel.headers['content-disposition']).toContain('-saturacao-excel.csv');
    expect(excel.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = excel.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Código do município (IBGE);Município;Medida;Recorte;Grupo;Pessoas;Pessoas no recorte;Parte (de 0 a 1);Erro de Monte Carlo;Observação');
    expect(lines[1]).toMatch(/^1400027;Amajari;alcance;toda a população;;\d+;\d+;0,\d+;\d+(,\d+)?;$/);
    const standard = await c.go('GET', `${jobs()}/${id}/achados.csv?tabela=saturacao`);
    expect(standard.body.split('\n')[0]).toBe('municipio,medida,eixo,valor,n,populacao,parte,erro_padrao,motivo');
    expect(standard.body.split('\n')[1]).toMatch(/^1400027,alcance,total,,\d+,\d+,0\.\d+,/);
  });

  it('a channel in GRPs a week: offered, refused out of reach under its field, quoted with the plan in GRPs, submitted as the intensity that buys them', async () => {
    await addCredits(h.store, h.orgId, 10_000_000, 'GRPs');
    const filled = await c.go('GET', `${nova()}?modelo=aviso-de-falta-de-agua&uf=RR`);
    expect(FormClient.value(filled, 'tv_grp')).toBe('');
    expect(filled.body).toContain('<label for="tv_grp">ou GRPs por semana</label>');
    const inGrp = { ...FORM, tv_grp: '80' };
    const priced = await c.go('GET', `${nova()}?${query({ ...inGrp, revisar: '1' })}`);
    expect(priced.statusCode).toBe(200);
    // the plan in GRPs: TV at the intensity that buys 80 a week (160 over its 14 days), radio at the intensity typed
    const plano = /<ul id="plano-grp".*?<\/ul>/s.exec(priced.body)![0].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(plano).toMatch(/ TV, dias 1 a 14: 80 GRPs por semana \(160 no período\), intensidade 0,\d{1,4}\./);
    expect(plano).toMatch(/rádio, dias 1 a 14: [\d.,]+ GRPs por semana \([\d.,]+ no período\), intensidade 0,7\./);
    expect(priced.body).toContain('<input type="hidden" name="tv_grp" value="80">');
    // out of the channel's reach: under its field, the figure kept
    const far = await c.go('GET', `${nova()}?${query({ ...FORM, tv_grp: '5000', revisar: '1' })}`);
    expect(far.statusCode).toBe(422);
    expect(FormClient.invalid(far, 'tv_grp')).toBe(true);
    expect(far.body).toMatch(/Neste lugar e público, o canal TV chega a no máximo [\d.]+(,\d)? GRPs por semana/);
    expect(FormClient.value(far, 'tv_grp')).toBe('5000');
    // confirmed: the intensity that buys 80 GRPs a week, the same scenario as that intensity typed
    const submit = async (form: Record<string, string>) => {
      const quote = await c.go('GET', `${nova()}?${query({ ...form, revisar: '1' })}`);
      const chave = /name="chave" value="([^"]+)"/.exec(quote.body)![1];
      const sent = await c.go('POST', `/console/projetos/${h.projectId}/simulacoes`, { _csrf: FormClient.token(quote), chave, ...form });
      expect(sent.statusCode).toBe(303);
      return (await getJobRecord(h.store, h.projectId, String(sent.headers.location).split('/').at(-1)!)).pedido as unknown as Scenario;
    };
    const grp = await submit(inGrp);
    // the expected reach (1+) and frequency: what the engine states for the scenario quoted, per channel then any of the two, in pt-BR
    const stated = planGrp(grp) as PlanGrp;
    const alcance = /<ul id="plano-alcance".*?<\/ul>/s.exec(priced.body)![0].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(stated.canais!.map((x) => x.canal)).toEqual(['tv', 'radio', 'qualquer']);
    for (const x of stated.canais!) {
      expect(alcance).toContain(`${x.canal === 'qualquer' ? 'Qualquer canal' : LABELS.canal(x.canal)}: ${NUMBERS.decimal(x.grp)} GRPs, ` +
        `alcance esperado (1+) ${NUMBERS.parte(x.alcance)}, frequência média ${NUMBERS.decimal(x.frequencia_media!)}.`);
    }
    const [{ intensidade }] = convertGrp({ release: grp.release, ufs: ['RR'], publico: grp.publico, grp_semana: { tv: 80 } });
    expect(grp.canais!.find((x) => x.canal === 'tv')!.intensidade).toBe(intensidade);
    expect(await submit({ ...FORM, tv_intensidade: String(intensidade) })).toEqual(grp);
  });
});
