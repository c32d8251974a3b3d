// The playground's page (index.html): picks a template and a UF from catalogo.json, edits the
// scenario in the console's form (the same fields, views/campos-cenario.eta, rendered in by
// site.ts; the same values, service/console/scenario-form.ts; the same mapping to a scenario and
// field refusals, scenario-of-form.ts, loaded with the engine since it reads the engine's files)
// or in the JSON, runs the scenario on this machine with campaign-sim/browser and shows the
// result. Bundled by scripts/browser-bundle.ts into dist/browser/playground.js. Also exposes
// window.campaignSim.run(scenario): the summary `campaign-sim simulate --json` prints, without its
// timing fields.
import { loadEngine } from '../../../dist/src/browser/index.js';
import { ServiceError } from '../../../dist/src/errors.js';
import { jobChart } from '../../../dist/service/console/job-chart.js';
import { LABELS } from '../../../dist/service/console/labels.js';
import { formOfScenario, formOfText, formQuery } from '../../../dist/service/console/scenario-form.js';
import { cellWords, RESULT_WORDS } from '../../../dist/service/console/result-words.js';
import { verdictWords } from '../../../dist/service/console/verdict-words.js';

const $ = (id) => document.getElementById(id);
const fmt = new Intl.NumberFormat('pt-BR');
const pct = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const catalog = fetch('catalogo.json').then((r) => r.json());
/** The engine per UF, loaded on first use (each holds its UF's data; the host's memory is the page's). */
const engines = new Map();
function engineFor(release, ufs, onProgress) {
  const key = `${release}/${[...ufs].sort().join(',')}`;
  if (!engines.has(key)) {
    const p = loadEngine({ site: new URL('./', location.href), release, ufs, onProgress });
    p.catch(() => engines.delete(key));
    engines.set(key, p);
  }
  return engines.get(key);
}

/** The form's mapping to a scenario (scenario-of-form.ts), once an engine's files are held (it reads the release's manifests and GRP table). */
let mapping = null;

/** The page's run of a scenario: its UFs' data loaded, then the run (validation first: a refusal throws). */
async function run(scenario, opts = {}) {
  const c = await catalog;
  const engine = await engineFor(scenario?.release ?? c.release, scenario?.geografia?.ufs ?? [], opts.onLoad);
  mapping ??= await import('../../../dist/service/console/scenario-of-form.js');
  return { engine, opts };
}

window.campaignSim = {
  ready: catalog.then(() => true),
  /** The summary `campaign-sim simulate --json` prints for the scenario, without its timing fields. */
  async run(scenario, opts = {}) {
    const { engine } = await run(scenario);
    return engine.run(scenario, opts);
  },
  /** The contract's refusal of the scenario (code, contract_code, field, message), or null. */
  async refusal(scenario) {
    const { engine } = await run(scenario);
    return engine.refusal(scenario);
  },
};

/** The template's scenario for the UF picked (the form's base), and which of form and JSON was edited last (it wins). */
let base = null;
let edited = 'form';

function modelo(c) {
  return c.modelos.find((m) => m.id === $('modelo').value);
}

/** The form's fields as a query or a body carries them (what scenario-form.ts formOfText reads). */
function typed() {
  const t = {};
  for (const [k, v] of new FormData($('cenario'))) t[k] = k in t ? [t[k], v].flat() : v;
  return t;
}

/** The form's fields from a scenario (scenario-form.ts formOfScenario, as the console fills them from a template). */
function fill(c, s) {
  const q = new URLSearchParams(formQuery(formOfScenario($('modelo').value, s, $('uf').value, [])));
  for (const el of $('cenario').querySelectorAll('input[name]')) {
    if (el.type === 'checkbox') el.checked = q.getAll(el.name).includes(el.value);
    else el.value = q.get(el.name) ?? '';
  }
  const canais = modelo(c).canais;
  $('canais').hidden = $('canais').disabled = !canais;
  $('sem-canais').hidden = canais;
}

/** The scenario of the form over the base (scenario-of-form.ts scenarioOfForm: a malformed field throws its refusal). */
function scenarioOfPage(c) {
  return mapping.scenarioOfForm(formOfText(typed()), base, modelo(c).canais);
}

/** The form edited: its scenario into the JSON, once the mapping is loaded and when it maps (else it is mapped, or refused, at Rodar). */
function readForm(c) {
  edited = 'form';
  if (!mapping) return;
  try {
    $('json').value = JSON.stringify(scenarioOfPage(c), null, 2);
  } catch {
    // refused at Rodar, under its field's name
  }
}

/** An edited JSON that parses fills the form (one that does not is refused at Rodar); the JSON is what runs. */
function readJson(c) {
  edited = 'json';
  try {
    const s = JSON.parse($('json').value);
    if (s && typeof s === 'object' && s.horizonte && 'replicas' in s) fill(c, s);
  } catch {
    // refused when it runs, with the parser's words
  }
}

function pick(c) {
  const m = modelo(c);
  $('para-que-serve').textContent = m.para_que_serve;
  base = structuredClone(m.cenarios[$('uf').value]);
  fill(c, base);
  edited = 'form';
  $('json').value = JSON.stringify(base, null, 2);
}

function table(page, cols) {
  if (!page || page.linhas.length === 0) return '<p>Sem linhas nesta rodada.</p>';
  // the console's words for the columns, their meanings and their values (service/console/result-words.ts)
  const head = cols.map((k) => `<th scope="col" title="${esc(RESULT_WORDS.daApi(page.descricao[k] ?? ''))}">${esc(RESULT_WORDS.coluna(k))}</th>`).join('');
  const rows = page.linhas.map((l) => `<tr>${cols.map((k) => `<td>${esc(k === 'municipio' ? page.municipios[l[k]] ?? l[k] : cellWords(k, l))}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The UF's municipalities filled by the share of the first KPI reached at the horizon (saturacao, total). */
async function drawMap(uf, saturacao, medida) {
  const geo = await (await fetch(`mapa/${uf}.json`)).json();
  const parte = new Map(saturacao.linhas.filter((l) => l.eixo === 'total' && l.medida === medida).map((l) => [l.municipio, l.parte]));
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  const rings = (f) => f.geometry.coordinates.flat();
  for (const f of geo.features) for (const r of rings(f)) for (const [x, y] of r) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  const k = Math.cos(((y0 + y1) / 2) * Math.PI / 180);
  const w = 400, s = w / ((x1 - x0) * k), h = Math.ceil((y1 - y0) * s);
  const max = Math.max(1e-9, ...parte.values());
  const paths = geo.features.map((f) => {
    const d = rings(f).map((r) => 'M' + r.map(([x, y]) => `${((x - x0) * k * s).toFixed(1)},${((y1 - y) * s).toFixed(1)}`).join('L') + 'Z').join('');
    const p = parte.get(f.properties.codigo);
    const fill = p === undefined || p === null ? '#ddd' : `hsl(210 70% ${Math.round(92 - 60 * (p / max))}%)`;
    return `<path d="${d}" fill="${fill}"><title>${esc(f.properties.nome)}: ${p == null ? 'sem dado publicável' : pct.format(p)}</title></path>`;
  }).join('');
  $('mapa').innerHTML = `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="Mapa de ${esc(uf)}: parte da população com ${esc(RESULT_WORDS.medida(medida))} no horizonte, por município">${paths}</svg>`;
  $('legenda-mapa').textContent = `Parte da população com ${RESULT_WORDS.medida(medida)} no horizonte, por município (mais escuro: maior; cinza: escondido pela regra de privacidade). Até ${pct.format(max)}.`;
}

function showRefusal(r) {
  $('recusa').innerHTML = `<p><strong>Cenário recusado pelo contrato.</strong></p><ul>
    <li>Código do contrato: <code>${esc(r.contract_code ?? r.code)}</code></li>
    <li>Campo: <code>${esc(r.field ?? '—')}</code></li>
    <li>Motivo: ${esc(r.message)}</li></ul>`;
}

/** The scenario to run: the form's (its refusal thrown with the field's name) or the JSON's. */
function scenarioToRun(c) {
  if (edited === 'form') return scenarioOfPage(c);
  try {
    return JSON.parse($('json').value);
  } catch (e) {
    throw new ServiceError('invalid_request', `O JSON não pôde ser lido: ${e.message}`, { contractCode: 'wrong_type', field: 'json' });
  }
}

/** A refusal as the page shows it: the contract's (ServiceError.detail()) or the form's (its field in extra.campo). */
const refusalOf = (e) => (e?.extra?.campo ? { code: e.code, field: e.extra.campo, message: e.message } : e.detail());

async function submit(c, ev) {
  ev.preventDefault();
  $('recusa').textContent = '';
  $('rodar').disabled = true;
  const bar = $('progresso');
  try {
    $('estado').textContent = 'Carregando o motor e a população da UF…';
    // the engine of the form's base or the JSON's place first: GRPs typed are converted over its files
    const { engine } = await run(edited === 'form' ? base : scenarioToRun(c));
    const s = scenarioToRun(c);
    if (edited === 'form') $('json').value = JSON.stringify(s, null, 2);
    const refusal = engine.refusal(s);
    if (refusal) { showRefusal(refusal); $('estado').textContent = ''; return; }
    bar.hidden = false; bar.value = 0;
    $('estado').textContent = `Rodando em ${navigator.hardwareConcurrency || 2} núcleos deste computador${engine.memoriaCompartilhada ? '' : ' (sem memória compartilhada: a página não está isolada)'}…`;
    const t0 = performance.now();
    const r = await engine.runForPage(s, { onProgress: (p) => { bar.value = p.total ? p.feitos / p.total : 0; } });
    bar.value = 1;
    $('estado').textContent = `Pronto em ${((performance.now() - t0) / 1000).toFixed(1)} s: ${fmt.format(r.resumo.pessoa_dias)} pessoas-dia.`;
    show(c, s, r);
  } catch (e) {
    $('estado').textContent = '';
    if (e?.detail) showRefusal(refusalOf(e)); else showRefusal({ code: 'erro', message: String(e?.message ?? e) });
  } finally {
    $('rodar').disabled = false;
  }
}

function show(c, s, r) {
  $('resultado').hidden = false;
  // the job's row first, then its checks (service/console/verdict-words.ts reads the table); the
  // catalogue carries the release's notice and sources in Portuguese (the run's findings: the API's English)
  if (r.tabelas.veredito?.linhas.length) {
    const w = verdictWords(r.tabelas.veredito, c);
    $('veredito').innerHTML = `<p><strong>Veredito:</strong> ${esc(w.frase)}</p>${w.motivos.length ? `<p>Motivos: ${esc(w.motivos.join('; '))}.</p>` : ''}`;
  }
  const medidas = Object.keys(Object.values(r.resumo.variantes)[0]?.medidas ?? {});
  $('kpis').innerHTML = `<table><thead><tr><th scope="col">Variante</th>${medidas.map((m) => `<th scope="col">${esc(RESULT_WORDS.medida(m))}</th>`).join('')}</tr></thead><tbody>${Object.entries(r.resumo.variantes).map(([n, x]) => `<tr><td>${esc(LABELS.variante(n))}</td>${medidas.map((m) => `<td>${fmt.format(x.medidas[m])}</td>`).join('')}</tr>`).join('')}</tbody></table>
    <p>${fmt.format(r.resumo.populacao_unidades)} pessoas em ${r.resumo.unidades} municípios, ${r.resumo.semanas} semanas, média de ${r.resumo.replicas} réplica(s).</p>`;
  // the console's chart (service/console/job-chart.ts): Portuguese words, a narrow drawing for a phone
  const g = jobChart(r.curvas);
  $('grafico').innerHTML = `<div class="grafico-largo">${g.largo}</div><div class="grafico-estreito">${g.estreito}</div>`;
  $('contribuicao').innerHTML = table(r.tabelas.contribuicao, ['municipio', 'medida', 'canal', 'contribuicao', 'contribuicao_relativa']);
  $('frequencia').innerHTML = r.tabelas.alcance_efetivo?.linhas.length
    ? table(r.tabelas.alcance_efetivo, ['municipio', 'canal', 'alcance_1', 'alcance_efetivo', 'parte_efetiva'])
    : '<p>Esta versão do modelo não tem distribuição de frequência para este modelo (só a recepção por mídia a tem).</p>';
  const premissas = [...new Set((r.tabelas.saturacao?.premissas ?? []).flatMap((p) => p.assumidos))].map(RESULT_WORDS.daApi);
  $('ressalvas').innerHTML = `<p>${esc(c.aviso)}</p>${premissas.length ? `<ul>${premissas.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''}
    <p>Modelo: ${esc(RESULT_WORDS.daApi(modelo(c)?.premissas?.join(' ') ?? ''))}</p>`;
  void drawMap(s.geografia.ufs[0], r.tabelas.saturacao, medidas[0]);
}

catalog.then((c) => {
  $('modelo').innerHTML = c.modelos.map((m) => `<option value="${esc(m.id)}">${esc(m.nome)}</option>`).join('');
  $('uf').innerHTML = c.ufs.map((u) => `<option value="${esc(u.uf)}">${esc(u.nome)} (${esc(u.uf)})</option>`).join('');
  $('modelo').addEventListener('change', () => pick(c));
  $('uf').addEventListener('change', () => pick(c));
  $('cenario').addEventListener('input', (e) => { if (e.target.id === 'json') readJson(c); else if (e.target.name) readForm(c); });
  $('cenario').addEventListener('submit', (e) => void submit(c, e));
  pick(c);
});
