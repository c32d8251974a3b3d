// The adoption family (docs/model.md, "Adoption"): a product launched on a day spreads by its own
// hazard and by contact with adopters over the layers (household, class, workplace, neighbourhood,
// digital). Its one measure is the adopters; its parameters are the release's Pix case's
// (parametros_pix) or a client's calibration, named by lancamento.cenario_base.
import type { ModelFamily } from '../model-family.js';
import { ADOPTION_KERNEL } from './adoption-kernel.js';
import { compileAdoption } from './adoption-plan.js';

export const ADOCAO: ModelFamily = {
  familia: 'adocao',
  kpis: ['adotantes'],
  medidas: ['adotantes'],
  sinonimos: { adocao: 'adotantes' },
  campos: [
    { campo: 'canais', exigido: false, code: 'media_in_adoption', message: 'an adoption scenario has no media channels (canais)' },
    { campo: 'mensagem', exigido: false, code: 'message_forbidden', message: 'an adoption scenario has no mensagem' },
    { campo: 'lancamento', exigido: true, code: 'launch_required', message: 'an adoption scenario needs lancamento' },
  ],
  gradeEtaria: false,
  canais: false,
  // at least the kernel's 41.3 bytes a person over RR and PA of every release (src/kernel/layout.ts
  // with this room's arrays); the host's m_i (4) and timing class (1, counted even when the timing
  // does not depend on income and the plan has none), grid cell and audience (3), kernel
  // population (6) and a shard's copy of the group (4)
  memoria: { porPessoa: 41.5, porPessoaCanal: 0, porCanalDia: 0, porDia: 0, hostPorPessoa: 18 },
  parametrosPadrao: (manifest) => manifest.parametros_pix,
  calibraveis: ['beta0', 'logit_lancamento', 'dia_lancamento', 'beta_expo', 'amortecimento_saturacao', 'pesos_canais', 'gamma_celulas', 'deslocamento_porte'],

  compile: compileAdoption,
  kernel: ADOPTION_KERNEL,
  eventDays: (st) => (_m, i) => st.dayA[i],

  blocos: [],
  calibracaoPeloLancamento: true,
  motivoNaoCalibrado: () => undefined,
};
