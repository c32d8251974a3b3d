// The playground's page (index.html): picks a template and a UF from catalogo.json, edits channels
// and horizon (or the JSON), runs the scenario on this machine with campaign-sim/browser and shows
// the result. Bundled by scripts/browser-bundle.ts into dist/browser/playground.js. Also exposes
// window.campaignSim.run(scenario): the summary `campaign-sim simulate --json` prints, without its
// timing fields.
import { loadEngine } from '../../../dist/src/browser/index.js';
import { jobChart } from '../../../dist/service/console/job-chart.js';
import { LABELS } from '../../../dist/service/console/labels.js';
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

/** The page's run of a scenario: its UFs' data loaded, then the run (validation first: a refusal throws). */
async function run(scenario, opts = {}) {
  const c = await catalog;
  const engine = await engineFor(scenario?.release ?? c.release, scenario?.geografia?.ufs ?? [], opts.onLoad);
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

let scenario = null;

function modelo(c) {
  return c.modelos.find((m) => m.id === $('modelo').value);
}

/** The form's fields from the scenario (and the JSON too, unless it is what was edited). */
function showScenario(fromJson = false) {
  $('dias').value = scenario.horizonte.dias;
  $('replicas').value = scenario.replicas;
  const canais = scenario.canais ?? [];
  $('canais').hidden = canais.length === 0;
  $('linhas-canais').innerHTML = canais.map((k, i) => `<div class="canal"><span class="nome-canal" id="canal-${i}">${esc(k.canal)}</span>
    <div class="campo"><label for="inicio-${i}">Início (dia)</label><input id="inicio-${i}" type="number" min="1" value="${k.dia_inicio}"></div>
    <div class="campo"><label for="fim-${i}">Fim (dia)</label><input id="fim-${i}" type="number" min="1" value="${k.dia_fim}"></div>
    <div class="campo"><label for="intensidade-${i}">Intensidade (0 a 1)</label><input id="intensidade-${i}" type="number" min="0" max="1" step="0.05" value="${k.intensidade}"></div></div>`).join('');
  if (!fromJson) $('json').value = JSON.stringify(scenario, null, 2);
}

/** An edited JSON that parses becomes the scenario the form shows (one that does not is refused at Rodar). */
function readJson() {
  try {
    const s = JSON.parse($('json').value);
    if (s && typeof s === 'object' && s.horizonte && 'replicas' in s) { scenario = s; showScenario(true); }
  } catch {
    // refused when it runs, with the parser's words
  }
}

/** The form's fields into the scenario, then the JSON (a number left empty stays as typed: the contract refuses it). */
function readForm() {
  const num = (id) => ($(id).value === '' ? $(id).value : Number($(id).value));
  scenario = { ...scenario, horizonte: { ...scenario.horizonte, dias: num('dias') }, replicas: num('replicas') };
  if (scenario.canais) scenario.canais = scenario.canais.map((k, i) => ({ ...k, dia_inicio: num(`inicio-${i}`), dia_fim: num(`fim-${i}`), intensidade: num(`intensidade-${i}`) }));
  $('json').value = JSON.stringify(scenario, null, 2);
}

function pick(c) {
  const m = modelo(c);
  $('para-que-serve').textContent = m.para_que_serve;
  scenario = structuredClone(m.cenarios[$('uf').value]);
  showScenario();
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

async function submit(c, ev) {
  ev.preventDefault();
  $('recusa').textContent = '';
  let s;
  try {
    s = JSON.parse($('json').value);
  } catch (e) {
    showRefusal({ code: 'invalid_request', contract_code: 'wrong_type', field: 'json', message: `O JSON não pôde ser lido: ${e.message}` });
    return;
  }
  $('rodar').disabled = true;
  const bar = $('progresso');
  try {
    $('estado').textContent = 'Carregando o motor e a população da UF…';
    const { engine } = await run(s);
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
    if (e?.detail) showRefusal(e.detail()); else { $('estado').textContent = ''; showRefusal({ code: 'erro', message: String(e?.message ?? e) }); }
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
  $('cenario').addEventListener('input', (e) => { if (e.target.id === 'json') readJson(); else readForm(); });
  $('cenario').addEventListener('submit', (e) => void submit(c, e));
  pick(c);
});
