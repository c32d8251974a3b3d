// GET /v1/municipios/{codigo}/chuva: monthly rainfall of the municipality (BR-DWGD, the grid cell
// nearest its centroid), the normal of each month over the complete years this data version has
// (2001-2023; the spec's 1991-2020 normal needs data from before 2001, which it does not have),
// yearly totals with their anomaly against that normal, and the monthly series. Outside the North
// region: empty lists and the coverage in `aviso`.
import { loadRainfall, type RainYear } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { coverageOf, sourceCredits, type ContextSource } from '../tracts/context-sources.js';

export interface RainfallNormal {
  /** Complete years averaged, e.g. "2001-2023". */
  periodo: string;
  /** Mean rainfall of each calendar month, mm (index 0 = January). */
  meses_mm: number[];
  anual_mm: number;
  /** 1-12. */
  mes_mais_chuvoso: number;
}

export interface MunicipalityRainfall {
  municipio: string;
  /** First and last month of the series (YYYY-MM); null outside the coverage. */
  periodo_disponivel: { inicio: string; fim: string } | null;
  normal: RainfallNormal | null;
  anos: Array<{ ano: number; total_mm: number; meses: number; anomalia_mm: number | null }>;
  meses: Array<{ ano: number; mes: number; chuva_mm: number }>;
  fontes: ContextSource[];
  aviso: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const ym = (ano: number, mes: number) => `${ano}-${String(mes).padStart(2, '0')}`;

/** Mean of each month over the complete years. */
function normalOf(years: RainYear[]): RainfallNormal | null {
  const complete = years.filter((y) => y.meses.every((v) => v !== null));
  if (complete.length === 0) return null;
  const meses = Array.from({ length: 12 }, (_, m) => complete.reduce((s, y) => s + y.meses[m]!, 0) / complete.length);
  const top = meses.indexOf(Math.max(...meses));
  return {
    periodo: `${complete[0].ano}-${complete[complete.length - 1].ano}`,
    meses_mm: meses.map(round1), anual_mm: round1(meses.reduce((s, v) => s + v, 0)), mes_mais_chuvoso: top + 1,
  };
}

export function municipalityRainfall(codigo: string): MunicipalityRainfall {
  contextMunicipality(codigo);
  const years = loadRainfall().get(codigo) ?? [];
  const fontes = sourceCredits('chuva_brdwgd');
  if (years.length === 0) {
    return {
      municipio: codigo, periodo_disponivel: null, normal: null, anos: [], meses: [], fontes,
      aviso: `Sem série de chuva para este município nesta versão dos dados: a fonte cobre ${coverageOf('chuva_brdwgd')}.`,
    };
  }
  const normal = normalOf(years)!;
  const meses = years.flatMap((y) => y.meses.flatMap((v, m) => (v === null ? [] : [{ ano: y.ano, mes: m + 1, chuva_mm: v }])));
  const anos = years.map((y) => {
    const present = y.meses.filter((v): v is number => v !== null);
    const total = round1(present.reduce((s, v) => s + v, 0));
    // A year with fewer than 12 months has no anomaly (spec).
    return { ano: y.ano, total_mm: total, meses: present.length, anomalia_mm: present.length === 12 ? round1(total - normal.anual_mm) : null };
  });
  const first = meses[0], last = meses[meses.length - 1];
  return {
    municipio: codigo, periodo_disponivel: { inicio: ym(first.ano, first.mes), fim: ym(last.ano, last.mes) }, normal, anos, meses, fontes,
    aviso: `Chuva mensal estimada (BR-DWGD, grade de 0,25°) na célula mais próxima do centro do município, não a média da sua área; ${coverageOf('chuva_brdwgd')} ` +
      `(março de 2024 fica de fora: o mês está incompleto na fonte). Não há dados antes de 2001: a normal é a média dos anos completos ${normal.periodo}, ` +
      'não a normal climatológica 1991-2020. Um ano com menos de 12 meses não tem anomalia.',
  };
}
