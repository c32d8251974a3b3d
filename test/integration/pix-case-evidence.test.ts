// v2.1.0's Pix case (issue 60): v1.9.0's published fits judged again (bench:pix --release v2.1.0
// --ajustes-do-caso v1.9.0) with a bounded a(t), and the evidence beside: the agents replaced by a
// saturating curve, the latent state against DICT, a fair municipal reference, the attempts on each
// holdout and the Monte Carlo intervals. With the log-linear a(t) the case is v1.9.0's to the bit
// (the same persons, the same fits), which is what comparacoes.atividade_log must show. The
// intervals were completed after the release (every MAPE family, the same draws): the published
// values are the committed ones, each inside its draws' range.
import { describe, expect, it } from 'vitest';
import { activityAt } from '../../calibration/pix/pix-activity.js';
import { PIX_TENTATIVAS } from '../../calibration/pix/pix-attempts.js';
import { PIX_UFS_ESPACIAIS } from '../../calibration/pix/pix-case.js';
import { median } from '../../calibration/pix/pix-stats.js';
import { type IntervaloMc, type PontuacaoHoldouts, readPixCase } from '../../src/release/pix-case-file.js';

const antes = readPixCase('v1.9.0')!;
const caso = readPixCase('v2.1.0')!;

describe('the Pix case of v2.1.0', () => {
  it('judges v1.9.0\'s fits, not refitted', () => {
    expect(caso.ajuste.busca.ajustes_do_caso).toBe('v1.9.0');
    expect(caso.ajuste.historico).toEqual(antes.ajuste.historico);
    expect(caso.ajuste.parametros).toEqual(antes.ajuste.parametros);
  });

  it('reads a bounded a(t), below 1 every month up to 2100, and keeps the log-linear one beside', () => {
    const o = caso.ajuste.observacao;
    for (const c of [o.atividade, o.atividade_juiz, o.atividade_longo!]) {
      expect(c.forma).toBe('logit_log');
      for (let ano = 2020; ano <= 2100; ano++) for (let m = 1; m <= 12; m++) expect(activityAt(c, ano * 100 + m)).toBeLessThan(1);
    }
    const log = caso.comparacoes!.atividade_log!;
    expect(log.atividade).toEqual(antes.ajuste.observacao.atividade);
    expect(log.atividade_juiz).toEqual(antes.ajuste.observacao.atividade_juiz);
    expect(log.atividade_longo).toEqual(antes.ajuste.observacao.atividade_longo);
  });

  it('with the log-linear a(t), scores and forecasts as v1.9.0 did (the same persons and fits)', () => {
    const log = caso.comparacoes!.atividade_log!;
    expect(log.metodo_previsao).toEqual(antes.comparacoes!.metodo_previsao);
    expect(log.mape_mediana_janela).toBe(antes.agregados.mape_mediana_janela);
    expect(log.mape_pior_janela).toBe(antes.agregados.mape_pior_janela);
    expect(log.ufs_melhores_que_as_tres_referencias).toBe(antes.agregados.ufs_melhores_que_as_tres_referencias);
    expect(log.ufs_melhores_que_tendencia_log_longo).toBe(antes.agregados.ufs_melhores_que_tendencia_log_longo);
    expect(log.mape_pior_espacial).toBe(Math.max(...antes.ufs.map((u) => u.metricas.mape_espacial ?? 0)));
    expect(caso.previsao_atividade_log).toEqual(antes.previsao);
    // the municipal term's power of the model's share (one per size class) reads the share's scale,
    // which a(t) of Dec 2022 sets: the bounded curve moves the ranking in the fifth decimal only
    expect(caso.municipal!.spearman_municipios).toBeCloseTo(antes.municipal!.spearman_municipios, 4);
  });

  it('scores the saturating curve on both time holdouts for every UF and on the spatial holdout', () => {
    const c = caso.comparacoes!.curva_saturante!;
    expect(c.ufs).toHaveLength(27);
    for (const u of c.ufs) {
      expect(u.mape_holdout).toBeGreaterThan(0);
      expect(u.mape_longo).toBeGreaterThan(0);
      expect(u.mape_espacial === null).toBe(!PIX_UFS_ESPACIAIS.includes(u.uf));
    }
    expect(c.ufs_modelo_melhor_holdout).toBe(c.ufs.filter((u) => caso.ufs.find((v) => v.uf === u.uf)!.metricas.mape_holdout < u.mape_holdout).length);
    expect(Object.keys(c.metodo_previsao).sort()).toEqual(['assimilacao', 'fator_local']);
    expect(c.modelo_contra_curva.holdout.meses).toBe(6);
    expect(c.modelo_contra_curva.holdout_longo.meses).toBe(12);
  });

  it('scores the model\'s key holders against DICT, in and out of sample', () => {
    const d = caso.comparacoes!.dict!;
    expect(d.meses).toHaveLength(26);
    const ape = (m: number[], de: number, ate: number) => {
      const idx = d.meses.map((mes, i) => [mes, i] as const).filter(([mes]) => mes >= de && mes <= ate).map(([, i]) => i);
      return idx.reduce((s, i) => s + Math.abs(m[i] - d.dict[i]) / d.dict[i], 0) / idx.length;
    };
    // the published series are rounded to persons: the MAPEs they give are the case's within that
    expect(ape(d.modelo_release, 202011, 202212)).toBeCloseTo(d.mape_janela, 6);
    expect(ape(d.modelo_juiz, 202207, 202212)).toBeCloseTo(d.mape_holdout, 6);
    expect(ape(d.modelo_longo, 202201, 202212)).toBeCloseTo(d.mape_longo, 6);
  });

  it('counts the attempts on each holdout from its list, itself included', () => {
    const t = caso.tentativas!;
    expect(t.lista).toEqual(PIX_TENTATIVAS);
    for (const h of ['holdout', 'holdout_longo', 'holdout_espacial', 'municipal'] as const) expect(t[h]).toBe(t.lista.filter((x) => x.holdouts.includes(h)).length);
    expect(t.lista.some((x) => x.fonte.startsWith('data/releases/v2.1.0/'))).toBe(true);
  });

  it('gives every score an interval over its Monte Carlo draws, the case\'s own run among them', () => {
    const i = caso.intervalos!;
    expect(i.sorteios).toBeGreaterThanOrEqual(2);
    expect(i.nivel).toBe(0.9);
    const within = (v: number, r: { faixa: [number, number] }) => { expect(v).toBeGreaterThanOrEqual(r.faixa[0]); expect(v).toBeLessThanOrEqual(r.faixa[1]); };
    const a = caso.agregados;
    within(a.mape_mediana_holdout, i.agregados.mape_mediana_holdout);
    within(a.mape_pior_longo!, i.agregados.mape_pior_longo);
    within(a.mape_pior_janela, i.agregados.mape_pior_janela);
    within(caso.comparacoes!.dict!.mape_holdout, i.dict.mape_holdout);
    within(caso.municipal!.spearman_municipios, i.municipal.spearman_municipios);
    within(caso.municipal!.referencia_justa!.spearman_municipios, i.municipal.spearman_municipios_referencia_justa);
    for (const u of caso.ufs) {
      within(u.metricas.mape_holdout, i.ufs[u.uf]!.mape_holdout);
      within(u.metricas.longo!.mape, i.ufs[u.uf]!.mape_longo);
      if (u.metricas.mape_espacial !== null) within(u.metricas.mape_espacial, i.ufs[u.uf]!.mape_espacial);
    }
    for (const r of Object.values(i.agregados)) expect(r.intervalo[0]).toBeLessThanOrEqual(r.intervalo[1]);
    const t = caso.comparacoes!.contra_tendencia_log!;
    expect(t.holdout.sorteios).toBe(i.sorteios);
    expect(t.holdout.intervalo[0]).toBeLessThanOrEqual(t.holdout.intervalo[1]);
  });

  it('gives the scoring variants of the same draws their intervals, and each its paired comparison with the log-trend', () => {
    const i = caso.intervalos!, c = caso.comparacoes!;
    const within = (p: PontuacaoHoldouts, r: Record<keyof PontuacaoHoldouts, IntervaloMc>) => {
      for (const k of Object.keys(p) as Array<keyof PontuacaoHoldouts>) {
        expect(p[k]).toBeGreaterThanOrEqual(r[k].faixa[0]);
        expect(p[k]).toBeLessThanOrEqual(r[k].faixa[1]);
      }
    };
    for (const m of ['fator_local', 'assimilacao'] as const) {
      within(c.metodo_previsao[m], i.metodo_previsao![m]);
      within(c.atividade_log!.metodo_previsao[m], i.atividade_log!.metodo_previsao[m]);
    }
    for (const v of ['fixa', 'sem_estimativas', 'com_estimativas'] as const) within(c.populacao[v], i.populacao![v]);
    for (const k of ['mape_mediana_janela', 'mape_pior_janela', 'mape_pior_espacial'] as const) {
      expect(c.atividade_log![k]).toBeGreaterThanOrEqual(i.atividade_log![k].faixa[0]);
      expect(c.atividade_log![k]).toBeLessThanOrEqual(i.atividade_log![k].faixa[1]);
    }
    for (const p of caso.municipal!.mape_por_porte) {
      for (const k of ['modelo', 'modelo_sem_termo'] as const) {
        expect(p[k]!).toBeGreaterThanOrEqual(i.mape_por_porte![p.porte][k].faixa[0]);
        expect(p[k]!).toBeLessThanOrEqual(i.mape_por_porte![p.porte][k].faixa[1]);
      }
    }
    // the case's way (its method, its population) is the published comparison, the same draws and seed
    const metodo = caso.ajuste.observacao.metodo_previsao!;
    expect(i.contra_tendencia_log!.metodo_previsao[metodo]).toEqual(c.contra_tendencia_log);
    expect(i.contra_tendencia_log!.populacao.com_estimativas).toEqual(c.contra_tendencia_log);
    expect(i.contra_tendencia_log!.atividade_log!.assimilacao.holdout.sorteios).toBe(i.sorteios);
  });

  it('says the references have no Monte Carlo spread, and gives their scores with a bootstrap over the holdout\'s months', () => {
    const r = caso.intervalos!.referencias!;
    const metricas = caso.ufs.map((u) => u.metricas);
    const of = {
      persistencia: [metricas.map((m) => m.mape_persistencia), metricas.map((m) => m.longo!.mape_persistencia)],
      bass: [metricas.map((m) => m.mape_bass), metricas.map((m) => m.longo!.mape_bass)],
      tendencia_log: [metricas.map((m) => m.mape_tendencia_log!), metricas.map((m) => m.longo!.mape_tendencia_log)],
    };
    for (const [ref, [h, l]] of Object.entries(of) as Array<[keyof typeof of, number[][]]>) {
      expect(r[ref].mape_mediana_holdout.valor).toBe(median(h));
      expect(r[ref].mape_pior_holdout.valor).toBe(Math.max(...h));
      expect(r[ref].mape_mediana_longo.valor).toBe(median(l));
      expect(r[ref].mape_pior_longo.valor).toBe(Math.max(...l));
    }
    const curva = caso.comparacoes!.curva_saturante!;
    for (const m of ['fator_local', 'assimilacao'] as const) {
      for (const [k, v] of Object.entries(curva.metodo_previsao[m])) expect(r.curva_saturante.metodo_previsao[m][k as keyof PontuacaoHoldouts].valor).toBe(v);
    }
    expect(r.curva_saturante.mape_pior_espacial.valor).toBe(curva.mape_pior_espacial);
    // the municipal references are placed inside each UF by observed data alone: a bootstrap over the size class's municipalities
    for (const p of caso.municipal!.mape_por_porte) {
      for (const k of ['referencia', 'referencia_justa'] as const) {
        const v = r.municipal_por_porte[p.porte][k];
        expect(v).toMatchObject({ valor: p[k], deterministica: true });
        expect(v.intervalo_municipios[0]).toBeLessThan(v.valor);
        expect(v.intervalo_municipios[1]).toBeGreaterThan(v.valor);
      }
    }
    const all = [...Object.values(r.persistencia), ...Object.values(r.bass), ...Object.values(r.tendencia_log),
      ...Object.values(r.curva_saturante.metodo_previsao).flatMap((x) => Object.values(x)), r.curva_saturante.mape_pior_espacial];
    for (const v of all) {
      expect(v.deterministica).toBe(true);
      expect(v.intervalo_meses[0]).toBeLessThanOrEqual(v.intervalo_meses[1]);
      expect(v.intervalo_meses[0]).toBeGreaterThan(0);
    }
  });
});
