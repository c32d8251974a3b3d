// The reception family (docs/model.md, "Reception"): a message carried by media channels over the
// days of a plan reaches persons by their channels' affinity and by word of mouth; each first
// exposure gets a response (ignora, absorve, repassa, rejeita), and a survey would declare an
// exposure by recall. Its parameters are the release's parametros_recepcao, never calibrated
// against a campaign's own series.
import type { ModelFamily } from '../model-family.js';
import { usesMediaHabits } from './media-habits.js';
import { usesResponseMemory } from './response-memory.js';
import { RECEPTION_KERNEL } from './reception-kernel.js';
import { compileReception } from './reception-plan.js';
import { planGrp } from './plan-grp.js';

/**
 * What a reception job of a release with media habits (v1.5.0 on) stands on: which parts of the
 * reception model are grounded in published data and which remain assumptions (docs/findings.md).
 * Still nao_calibrado: no campaign's own series was fitted.
 */
export const MOTIVO_RECEPCAO_HABITOS =
  'alcance de mídia ancorado em dados publicados: uso diário de TV e rádio (Pesquisa Brasileira de Mídia 2014) e parcela de ' +
  'usuários de TV e rádio (PBM 2014, Kantar IBOPE Media 2022), uso da internet ' +
  'por idade, escolaridade, renda, situação e região (PNAD TIC 2023 e TIC Domicílios, caso midia) e uso diário da internet e de ' +
  'redes sociais (PNAD TIC 2023, TIC Domicílios 2018), ajustados dentro da amostra: fora dela o caso midia está reprovado ' +
  '(margens retidas a mais de 8 pontos, entre elas o rádio diário metropolitano e a internet de 10 a 13 anos); ' +
  'continuam premissas do modelo, não calibradas: o gradiente de TV por idade ' +
  'e escolaridade, a mídia exterior, o boca a boca, as respostas (absorve, repassa, rejeita) e a lembrança declarada; nenhuma ' +
  'série real desta campanha foi ajustada';

/** What a reception job of a release whose responses follow exposure (v2.1.0 on) adds: the memory is assumed too. */
export const MOTIVO_RECEPCAO_MEMORIA =
  'desde a v2.1.0 as respostas seguem a exposição, por uma memória de cada fonte cuja meia saturação, expoente e meias-vidas ' +
  'são premissas do modelo, não calibradas';

export const RECEPCAO: ModelFamily = {
  familia: 'recepcao',
  kpis: ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'],
  // alcance (ever exposed), by source (social, media measured, declared, both), then the responses
  medidas: [
    'alcance', 'exposta_social', 'exposta_midia_medida', 'exposta_midia_declarada', 'exposta_midia_ambas',
    'ignora', 'absorve', 'repassa', 'rejeita',
  ],
  sinonimos: {},
  campos: [
    { campo: 'canais', exigido: true, code: 'reception_without_media', message: 'a reception scenario needs at least one channel period in canais' },
    { campo: 'mensagem', exigido: true, code: 'message_required', message: 'a reception scenario needs mensagem' },
    { campo: 'lancamento', exigido: false, code: 'launch_forbidden', message: 'a reception scenario has no lancamento' },
  ],
  gradeEtaria: true,
  canais: true,
  planGrp,
  // at least the kernel's bytes a person over RR and PA of every release (42.5 with 1 channel,
  // 45.6 with 4: a byte a channel, 8.1 for the event pass's candidate lists since ABI 11, 3 for
  // the reduction's grid cell and audience since ABI 12), plus its day tables, 8 bytes a
  // channel-day and 8 a day; the host's m_i (4), reception cell (2), grid cell and audience (3),
  // kernel population (6) and a shard's copy of the group (4). From v2.1.0 (ABI 15) the response
  // memory: absorve, repassa and social-opening days and the social memory (2 + 2 + 2 + 4 bytes a
  // person), its decay table (4 bytes a channel-day), the ceilings of the 560 base cells (8 f32
  // each) and a batch's 1,024 pair states (16 bytes each)
  memoria: {
    porPessoa: 42.5, porPessoaCanal: 1, porCanalDia: 8, porDia: 8, hostPorPessoa: 19,
    memoriaDaResposta: { porPessoa: 10, porCanalDia: 4, fixo: 560 * 8 * 4 + 1024 * 16 + 64 },
  },
  parametrosPadrao: (manifest) => manifest.parametros_recepcao,
  calibraveis: ['beta0', 'beta_expo', 'conversao_social', 'pesos_canais', 'gamma_celulas'],

  compile: compileReception,
  kernel: RECEPTION_KERNEL,
  // in the order of medidas: the first exposure, by source, then the day each final response was
  // reached (before v2.1.0, the first exposure's: respostaDia absent)
  eventDays: (st) => {
    const { dayA, sday, mday, dday, resp } = st as Required<typeof st>;
    const respostaDia = st.respostaDia ?? dayA;
    return (m, i) => {
      switch (m) {
        case 0: return dayA[i];
        case 1: return sday[i];
        case 2: return mday[i];
        case 3: return dday[i];
        case 4: return mday[i] && sday[i] ? Math.max(mday[i], sday[i]) : 0;
        default: return resp[i] === m - 4 ? respostaDia[i] : 0;
      }
    };
  },

  blocos: ['alcance'],
  calibracaoPeloLancamento: false,
  respostaSegueExposicao: usesResponseMemory,
  motivoNaoCalibrado: (release) => {
    if (!usesMediaHabits(release)) return undefined;
    return usesResponseMemory(release) ? `${MOTIVO_RECEPCAO_HABITOS}; ${MOTIVO_RECEPCAO_MEMORIA}` : MOTIVO_RECEPCAO_HABITOS;
  },
};
