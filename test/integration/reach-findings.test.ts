// The frequency distribution in the findings (release v2.0.0, issue 56): alcance_efetivo gains
// grp, frequencia_media and alcance_1 .. alcance_10 per unit and channel. Here, on RR with two
// channels and two replicas, read raw (every count shown): the reach f+ never grows with f and
// alcance_efetivo is alcance_3; grp is 100 x the mean contacts over the audience and
// frequencia_media the contacts per person reached, both from the stored sums; an older release's
// table keeps its columns.
import { afterAll, describe, expect, it } from 'vitest';
import { openRelease } from '../../src/release/release.js';
import { closePool } from '../../src/pool/pool.js';
import { runSimulation } from '../../src/research/simulation.js';

const scenario = (release: string) => ({
  versao_contrato: 3, release, familia: 'recepcao', nome: 'frequencia RR',
  geografia: { ufs: ['RR'] }, publico: { idades: [[20, 59]] },
  canais: [
    { canal: 'tv', dia_inicio: 1, dia_fim: 21, intensidade: 0.1 },
    { canal: 'radio', dia_inicio: 1, dia_fim: 21, intensidade: 0.1 },
  ],
  mensagem: { stim_id: '5f2b8c0e9a4d4e6b8f1c2d3e4f5a6b7c', template_ver: '1', politica: 'saude-publica' },
  horizonte: { data_inicio: '2026-02-02', dias: 21 },
  replicas: 2, grupo_comparacao: 'frequencia-rr', kpis: ['alcance'],
});

afterAll(() => closePool());

describe('the frequency distribution in alcance_efetivo', () => {
  it('v2.0.0: grp, frequencia_media and reach 1+ .. 10+, monotone, with alcance_efetivo the 3+', async () => {
    const sim = await runSimulation(scenario('v2.0.0'), { release: openRelease('v2.0.0'), threads: 2, somentePlano: true });
    const a = sim.result.alcance!;
    const R = sim.result.replicas;
    const rows = sim.findings('alcance_efetivo', { raw: true }).linhas;
    expect(rows.length).toBe(sim.result.unidades.length * 3);
    for (const r of rows) {
      const reach = Array.from({ length: 10 }, (_, f) => r[`alcance_${f + 1}` as 'alcance_1'] as number);
      for (let f = 1; f < 10; f++) expect(reach[f], `${r.municipio} ${r.canal} ${f + 1}+`).toBeLessThanOrEqual(reach[f - 1]);
      expect(r.alcance_efetivo).toBe(r.alcance_3);
      const u = sim.result.unidades.indexOf(r.municipio);
      const k = r.canal === 'qualquer' ? a.canais.length : a.canais.indexOf(r.canal);
      const row = (u * (a.canais.length + 1) + k) * a.colunas!;
      const contacts = a.soma[row] / R;
      if (r.publico! > 0) {
        expect(r.grp).toBeCloseTo((100 * contacts) / (sim.result.saturacao.populacao[u * sim.result.saturacao.linhas + 1] / R), 2);
      }
      if (a.soma[row + 1] > 0) expect(r.frequencia_media).toBeCloseTo(contacts / (a.soma[row + 1] / R), 4);
    }
    // the 'qualquer' row sums the channels' contacts
    const boaVista = rows.filter((r) => r.municipio === '1400100');
    expect(boaVista.map((r) => r.canal)).toEqual(['tv', 'radio', 'qualquer']);
    expect(boaVista[2].grp).toBeCloseTo(boaVista[0].grp! + boaVista[1].grp!, 2);
    // a campaign of some weight: most of the audience reached, far fewer 3+ (heavy and light users)
    expect(boaVista[0].alcance_1! / boaVista[0].publico!).toBeGreaterThan(0.3);
    expect(boaVista[0].alcance_3! / boaVista[0].alcance_1!).toBeLessThan(0.8);
  }, 300_000);

  it('v1.9.0: the table keeps its columns', async () => {
    const sim = await runSimulation({ ...scenario('v1.9.0'), horizonte: { data_inicio: '2026-02-02', dias: 7 }, canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.1 }] },
      { release: openRelease('v1.9.0'), threads: 2, somentePlano: true });
    const row = sim.findings('alcance_efetivo').linhas[0];
    expect(Object.keys(row)).toEqual(['municipio', 'canal', 'publico', 'alcance_1', 'alcance_efetivo', 'parte_efetiva', 'erro_padrao', 'motivo', 'publicavel']);
  }, 300_000);
});
