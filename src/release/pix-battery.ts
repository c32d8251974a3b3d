// The Pix case's validity battery in force: the targets a case's recorded scores must meet for
// the parametros_pix it fitted to be labelled calibrado. The case builder (calibration/pix/pix-case.ts)
// judges a new case with it and the bench reports each target (bench/results/pix.json); the
// release manifest judges every committed case again with it when it loads (pix-case-file.ts
// readPixFit), so a case made under an older, weaker battery keeps its bytes and its own recorded
// verdict but is labelled by today's battery. Lives in src/release/, the lowest stage that reads it.

/**
 * The battery in force: its id, the release whose case it first judged, and what it asks
 * (issue 33). The battery before it (the cases of v1.2.0 and v1.4.0) asked for an in-sample MAPE
 * of 8% (median; worst UF 20%), a median holdout MAPE of 8%, 20 UFs better than persistence and
 * Bass, and a Spearman of 0.85 across UFs: no log-trend reference, no long split, no municipal test.
 */
export const PIX_BATERIA = {
  id: 'pix-2',
  desde: 'v1.6.0',
  descricao: 'holdout de 6 meses contra persistência, Bass e tendência logarítmica; corte longo de 12 meses; corte municipal; pior UF dentro da amostra',
} as const;

/** The validity targets (issue 33): the case is `aprovada` only when every one holds (bench/results/pix.json reports each). */
export const PIX_TARGETS = {
  mape_mediana_holdout: 0.02, mape_pior_holdout: 0.06, ufs_melhores_que_as_tres_referencias: 22,
  mape_mediana_longo: 0.025, mape_pior_longo: 0.08, ufs_melhores_que_tendencia_log_longo: 18,
  spearman_municipios: 0.8, mape_pior_janela: 0.1, minutos: 60,
} as const;

/** The accuracy targets (the time target is the bench's). */
export type PixTarget = keyof Omit<typeof PIX_TARGETS, 'minutos'>;

/** The recorded scores the targets read; a case made under an older battery lacks some. */
export interface PixScores {
  mape_mediana_holdout?: number;
  mape_pior_holdout?: number;
  ufs_melhores_que_as_tres_referencias?: number;
  mape_mediana_longo?: number;
  mape_pior_longo?: number;
  ufs_melhores_que_tendencia_log_longo?: number;
  spearman_municipios?: number;
  spearman_municipios_referencia?: number;
  mape_pior_janela?: number;
}

/** `at most` targets are limits on an error, `at least` ones on a count or a correlation. */
const AT_LEAST: ReadonlySet<PixTarget> = new Set(['ufs_melhores_que_as_tres_referencias', 'ufs_melhores_que_tendencia_log_longo', 'spearman_municipios']);

const TARGETS = Object.keys(PIX_TARGETS).filter((k) => k !== 'minutos') as PixTarget[];

/**
 * Whether each accuracy target holds; null where the case did not measure what the target reads.
 * The municipal Spearman must also beat its reference's (population and income alone).
 */
export function targetsMet(a: PixScores): Record<PixTarget, boolean | null> {
  const out = {} as Record<PixTarget, boolean | null>;
  for (const t of TARGETS) {
    const v = a[t];
    if (v === undefined || (t === 'spearman_municipios' && a.spearman_municipios_referencia === undefined)) out[t] = null;
    else if (AT_LEAST.has(t)) out[t] = v >= PIX_TARGETS[t] && (t !== 'spearman_municipios' || v > a.spearman_municipios_referencia!);
    else out[t] = v <= PIX_TARGETS[t];
  }
  return out;
}

/** A case judged again by the battery in force. */
export interface PixJudgement {
  /** `aprovada` only when every target holds and the case itself recorded `aprovada`. */
  veredito: 'aprovada' | 'reprovada';
  /** The battery's id (PIX_BATERIA.id). */
  bateria: string;
  /** Why, in words: the targets missed and the ones the case did not measure. */
  motivo: string;
}

function decimal(x: number): string {
  return String(Number(x.toPrecision(3))).replace('.', ',');
}

/** Judges a case's recorded scores (of the case file of `release`) and its own recorded verdict by the battery in force. */
export function judgePixCase(release: string, scores: PixScores, recorded: 'aprovada' | 'reprovada'): PixJudgement {
  const met = targetsMet(scores);
  const notMeasured = TARGETS.filter((t) => met[t] === null);
  const missed = TARGETS.filter((t) => met[t] === false).map((t) => {
    const v = scores[t]!;
    if (t === 'spearman_municipios' && v >= PIX_TARGETS[t]) return `${t} ${decimal(v)} não supera a referência ${decimal(scores.spearman_municipios_referencia!)}`;
    return `${t} ${decimal(v)} ${AT_LEAST.has(t) ? 'abaixo de' : 'acima de'} ${decimal(PIX_TARGETS[t])}`;
  });
  const bateria = `bateria ${PIX_BATERIA.id} (em vigor desde ${PIX_BATERIA.desde}: ${PIX_BATERIA.descricao})`;
  if (notMeasured.length === 0 && missed.length === 0 && recorded === 'aprovada') {
    return { veredito: 'aprovada', bateria: PIX_BATERIA.id, motivo: `o caso Pix de ${release} passa na ${bateria}` };
  }
  const why = [
    ...(missed.length > 0 ? [`fora das metas: ${missed.join('; ')}`] : []),
    ...(notMeasured.length > 0 ? [`não medidos pelo caso: ${notMeasured.join(', ')}`] : []),
    ...(missed.length === 0 && notMeasured.length === 0 ? ['o próprio caso se declarou reprovado'] : []),
  ];
  const own = recorded === 'aprovada' ? ', embora o próprio caso se tenha declarado aprovado na bateria do seu tempo' : '';
  return { veredito: 'reprovada', bateria: PIX_BATERIA.id, motivo: `o caso Pix de ${release} não passa na ${bateria}${own}: ${why.join('; ')}` };
}
