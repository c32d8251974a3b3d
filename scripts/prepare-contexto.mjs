#!/usr/bin/env node
// Prepares data/br/contexto/ from the project's shared raw files (default ../shared/data/br/contexto,
// or the folder given as the first argument): copies each used folder's PROVENANCE.md and licence
// unchanged and writes compact CSVs with only the columns the context, diagnosis and growth
// functions read (src/context/). Values are never changed, only dropped columns and reshaped
// rows; what each output keeps is written in data/br/README.md. Run: node scripts/prepare-contexto.mjs
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { gunzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = resolve(process.argv[2] ?? join(root, '..', 'shared', 'data', 'br', 'contexto'));
const out = join(root, 'data', 'br', 'contexto');

const text = (path) => (path.endsWith('.gz') ? gunzipSync(readFileSync(path)) : readFileSync(path)).toString('utf8');
const read = (folder, file) => parse(text(join(src, folder, file)).replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true });
const cell = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

function write(folder, file, header, rows) {
  mkdirSync(join(out, folder), { recursive: true });
  const text = [header.join(','), ...rows.map((r) => r.map((v) => cell(String(v ?? ''))).join(','))].join('\n') + '\n';
  writeFileSync(join(out, folder, file), text);
  console.log(`${folder}/${file}: ${rows.length} rows, ${text.length} bytes, sha256 ${createHash('sha256').update(text).digest('hex')}`);
}

/** PROVENANCE.md, licences and raw files kept as published. */
function copy(folder, ...files) {
  mkdirSync(join(out, folder), { recursive: true });
  for (const f of files) copyFileSync(join(src, folder, f), join(out, folder, f));
}

// Health units: one row per UBS, names with the copy's underscores read back as spaces.
{
  const f = 'saude_ubs';
  copy(f, 'PROVENANCE.md');
  const rows = read(f, 'ubs_brasil.csv').map((r) => [
    r.cnes, r.cd_mun, r.nome.replaceAll('_', ' '), r.lat, r.lon,
    r.coord_in_own_muni === 'TRUE' ? 1 : r.coord_in_own_muni === 'FALSE' ? 0 : '',
  ]);
  write(f, 'ubs.csv', ['cnes', 'cd_mun', 'nome', 'lat', 'lon', 'dentro_do_municipio'], rows);
}

// Hospitals and urgent care (CNES of mid-2017, 20 UFs): the rows of those two categories as
// published, with the origin of the coordinate (the loader drops 'SEDE MUNICIPIO' points: the
// municipal seat, not the facility) and the 6-digit code the loader maps to the 7-digit one.
{
  const f = 'cnes_2017_20ufs';
  copy(f, 'PROVENANCE.md');
  const keep = ['co_cnes', 'co_ibge', 'uf', 'no_fantasia', 'ds_tipo_unidade', 'category', 'lat', 'long', 'origem_coord'];
  const rows = read(f, 'cnes_establishments_20uf_2017.csv.gz').filter((r) => r.category === 'hospital' || r.category === 'urgent_care')
    .map((r) => keep.map((k) => r[k]));
  write(f, 'hospitais_pronto_atendimento.csv', keep, rows);
}

// Rainfall: one row per municipality and year, pr of each month (mm); the source's last month
// (2024-03) is partial (the pr file ends on the 20th), so it is left empty.
{
  const f = 'chuva_brdwgd_norte';
  copy(f, 'PROVENANCE.md', 'LICENSE-amazon-climate-data-etl.txt');
  const byKey = new Map();
  for (const uf of ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO']) {
    for (const r of read(f, `clima_mensal_${uf}_2001_2024.csv`)) {
      if (r.year === '2024' && r.month === '3') continue;
      const key = `${r.CD_MUN},${r.year}`;
      if (!byKey.has(key)) byKey.set(key, [r.CD_MUN, r.year, ...new Array(12).fill('')]);
      byKey.get(key)[1 + Number(r.month)] = r.pr;
    }
  }
  const rows = [...byKey.values()].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);
  write(f, 'chuva_mensal_mm.csv', ['cd_mun', 'ano', ...Array.from({ length: 12 }, (_, m) => `pr_${String(m + 1).padStart(2, '0')}`)], rows);
}

// Seat altitude: active municipalities only.
{
  const f = 'relevo_altitude_sede';
  copy(f, 'PROVENANCE.md', 'LICENSE-microdatasus.md');
  const rows = read(f, 'altitude_sede_municipios_datasus.csv').filter((r) => r.cd_mun !== '' && r.status === 'ATIVO')
    .map((r) => [r.cd_mun, r.lat_sede, r.lon_sede, Number(r.altitude_sede_m)]);
  write(f, 'altitude_sede.csv', ['cd_mun', 'lat_sede', 'lon_sede', 'altitude_sede_m'], rows);
}

// Sanitation: the provider rows with the coverage figures the profile and growth answers read.
{
  const f = 'saneamento_snis';
  copy(f, 'PROVENANCE.md', 'README-snis-rawdata.md', 'dicionario_colunas.csv');
  const keep = ['cd_mun', 'prestador', 'sigla_prestador', 'abrangencia', 'tipo_servico', 'G05A', 'G05B', 'G12A', 'G12B', 'AG001', 'ES001', 'IN055', 'IN056'];
  write(f, 'snis_prestadores_2021.csv', keep, read(f, 'snis_ae_agregado_prestador_2021.csv').map((r) => keep.map((k) => r[k])));
}

// Schools of São Paulo city: code, name, state of operation (short code), enrolment band as
// "min-max" (the catalogue gives bands, not counts), stages, coordinates.
{
  const f = 'escolas_inep_sp_capital';
  copy(f, 'PROVENANCE.md');
  const situacao = {
    'ESCOLA EM FUNCIONAMENTO E SEM RESTRIÇÃO DE ATENDIMENTO': 'em_funcionamento', 'ESCOLA PARALISADA': 'paralisada',
    'ESCOLA EXCLUSIVA DE ATIVIDADE COMPLEMENTAR': 'so_atividade_complementar', 'ESCOLA ATENDE EXCLUSIVAMENTE ALUNOS COM DEFICIÊNCIA': 'so_alunos_com_deficiencia',
  };
  const porte = {
    'Escola sem matrícula de escolarização': '0-0', 'Até 50 matrículas de escolarização': '1-50', 'Entre 51 e 200 matrículas de escolarização': '51-200',
    'Entre 201 e 500 matrículas de escolarização': '201-500', 'Entre 501 e 1000 matrículas de escolarização': '501-1000', 'Mais de 1000 matrículas de escolarização': '1001-',
  };
  const rows = read(f, 'inep_catalogo_escolas_sao_paulo_capital.csv').map((r) => [
    r['Código INEP'], r.Escola, situacao[r['Restrição de Atendimento']], r['Dependência Administrativa'], porte[r['Porte da Escola']] ?? '',
    r['Etapas e Modalidade de Ensino Oferecidas'].split(', ').filter(Boolean).join(';'), r.Latitude.trim(), r.Longitude.trim(),
  ]);
  write(f, 'escolas.csv', ['codigo_inep', 'nome', 'situacao', 'dependencia', 'porte', 'etapas', 'lat', 'lon'], rows);
}

// RR 2010 tracts: the aggregates as published; sex x 5-year bands reshaped to one row per tract.
{
  const f = 'setores_2010_rr';
  copy(f, 'PROVENANCE.md', 'rr_setores_2010_basico.csv');
  const bands = ['0-4', '5-9', '10-14', '15-19', '20-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50-54', '55-59', '60-64', '65-69', '70-74', '75-79', '80+'];
  const header = ['cd_setor', ...['M', 'F'].flatMap((s) => bands.map((b) => `${s}_${b}`))];
  const byTract = new Map();
  for (const r of read(f, 'rr_setores_2010_sexo_idade5.csv')) {
    if (!byTract.has(r.cd_setor)) byTract.set(r.cd_setor, new Array(header.length - 1).fill(''));
    byTract.get(r.cd_setor)[(r.sex === 'F' ? bands.length : 0) + bands.indexOf(r.age_band)] = r.pop;
  }
  write(f, 'rr_setores_2010_sexo_idade5_largo.csv', header, [...byTract].sort().map(([k, v]) => [k, ...v]));
}

// Boa Vista 2022 tracts: ages and polygons as published (small).
copy('setores_2022_boa_vista', 'PROVENANCE.md', 'LICENSE-interpElections.txt', 'boa_vista_setores_2022_idade.csv', 'boa_vista_setores_2022.geojson');
// Subdistrict names (DTB c. 2015).
copy('territorio_distritos', 'PROVENANCE.md', 'LICENSE-ODbL.txt', 'subdistritos_dtb_c2015.csv');

if (!existsSync(join(out, 'censo2022_basico_distritos_municipios'))) console.warn('censo2022_basico_distritos_municipios/ is expected in data/br/contexto (the release reads it)');
