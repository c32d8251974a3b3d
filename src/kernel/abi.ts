// Generated from assembly/abi.ts by `npm run abi:generate` (scripts/kernel-abi.ts): do not edit;
// change assembly/abi.ts and rerun. The host's view of the kernel's ABI: header slots (u32),
// parameter slots (f64), random streams and the sizes both sides lay arrays out by.

export const ABI = {
  // Version of this ABI: abiVersion() returns it and the host refuses a kernel built from another.
  ABI_VERSION: 15,

  // Age groups of the digital layer (0-9, 10-19, ..., 50-59, 60+): the host's grupo_idade of the
  // principal grid (src/release/publication-grid.ts); digital cells are UF x age group.
  AGE_GROUPS: 7,

  // Persons in a block of adoption's daily step (P_LIVE_BLOCK lists blocks; assembly/adoption.ts)
  ADOPTION_BLOCK: 16,

  // Adoption's compact copy of the persons left (P_COMPACT; assembly/adoption.ts) holds at most
  // nPersons * ADOPTION_COMPACT_EIGHTHS / 8 of them (src/models/adocao/adoption-kernel.ts sizes it)
  ADOPTION_COMPACT_EIGHTHS: 3,

  // Columns of a channel's row of P_RUN_FREQ: its contacts, then the members with 1 .. 10+ contacts
  FREQ_COLS: 11,

  // Pairs of (person, channel) in a batch of reception's media contacts (assembly/reception.ts BATCH;
  // P_MEM_BATCH holds one 16-byte memory state per pair)
  CONTACT_BATCH: 1024,

  // f32 entries per base reception cell (without habit and audience: F_MEM_CELLS of them) in P_MEMORY
  // (assembly/reception.ts, v2.1.0's response memory): the share that does not reject, then the
  // ceilings of absorve-or-repassa and of repassa, by media memory and by social memory, then padding
  MEMORY_CELL: 8,

  // Bins of the exposure propensity's copula variable (P_PROP; assembly/reception.ts propensityOf)
  PROP_BINS: 512,

  // u32 slots at header + 4 * slot
  N_PERSONS: 0,
  N_HOUSEHOLDS: 1,
  N_TRACTS: 2,
  N_GROUPS: 3, // activity groups; slot N_GROUPS of every group table is the "no group" zero
  N_TURMAS: 4,
  N_MUN: 5,
  N_DIG: 6, // digital cells = UFs x 7 age groups; slot N_DIG is the "offline" zero
  N_UF: 7,
  N_CHANNELS: 8,
  N_CELLS: 9, // reception cells (with the audience bit)
  P_HH_START: 10, // u32[nHouseholds + 1]
  P_HH_TRACT: 11, // u32[nHouseholds]
  P_GROUP: 12, // u32[nPersons], NO_GROUP remapped to nGroups
  P_DCELL: 13, // u16[nPersons]: uf * 7 + age group for internet users, else nDig
  P_TRACT_MUN: 14, // u16[nTracts]
  P_ADJ_START: 15, // u32[nTracts + 1]
  P_ADJ: 16, // u32[edges]
  P_GROUP_SIZE: 17, // i32[nGroups + 1]
  P_TRACT_POP: 18, // i32[nTracts]
  P_TRACT_DEN: 19, // f32[nTracts]: pop + spill * adjacent pop - 1 (>= 1)
  P_DIG_POP: 20, // i32[nDig + 1]
  P_UF_DIG_POP: 21, // i32[nUf]
  P_MUN_POP: 22, // i32[nMun]
  P_MULT: 23, // f32[nPersons]: m_i (adoption)
  P_CELL: 24, // u16[nPersons]: reception cell (reception)
  P_AFF: 25, // f32[nChannels * nCells]: affinity, 0 outside the audience
  P_RESP_CUM: 26, // f32[2 * nCells * 3]: cumulative response shares [source][cell][3]
  P_DAY_A: 27, // u16[nPersons]: adoption day / first exposure day (0 = never)
  P_REM: 28, // f32[nPersons]: remaining Exp(1) threshold (adoption / social)
  P_FREQ: 29, // u8[nPersons * nChannels]: media contacts (saturating at 255)
  P_MDAY: 30, // u16[nPersons]: first media contact day
  P_SDAY: 31, // u16[nPersons]: first social exposure day
  P_DDAY: 32, // u16[nPersons]: declared exposure day (recall)
  P_RESP: 33, // u8[nPersons]: 0 none, 1 ignora, 2 absorve, 3 repassa, 4 rejeita
  P_CNT_GROUP: 34, // i32[nGroups + 1]: active members
  P_CNT_TRACT: 35, // i32[nTracts]
  P_CNT_DIG: 36, // i32[nDig + 1]
  P_CNT_MUN: 37, // i32[nMun]
  P_TAB_G: 38, // f32[nGroups + 1]: weighted active share of the group (self not active)
  P_TAB_V: 39, // f32[nTracts]
  P_TAB_D: 40, // f32[nDig + 1]
  P_TAB_DAMP: 41, // f32[nMun]: 1 - amortecimento * S_m
  P_UNIT_G: 42, // f32[nGroups + 1]: one member's weight in the share (self exclusion)
  P_UNIT_V: 43, // f32[nTracts]
  P_UNIT_D: 44, // f32[nDig + 1]
  N_DAYS: 45,
  P_CUM: 46, // f64[nChannels * (nDays + 1)]: cumulative exp(beta0) * intensity of the task's variant
  P_CNT_HH: 47, // i32[nHouseholds]: active members of the household (reception: with their bits, assembly/reception.ts)
  AGENT_BASE: 48, // global index of this instance's first person (sharding: RNG counters use it)
  P_LIVE_HH: 49, // u32[nHouseholds]: adoption: the households with a member yet to adopt, ascending
  P_INCOME: 50, // u8[nPersons]: adoption: launch timing class, UF index x 5 + national income quintile (read when F_BY_INCOME is set)
  P_TAB_INCOME: 51, // f32[2 * 135]: adoption by timing class: the day's exp(beta0) with the impulse, then the launch odds factor
  P_PERSON_HH: 52, // u32[nPersons]: adoption: each person's household (filled by the reset)
  P_HH_BASE: 53, // f32[2 * nHouseholds]: adoption: a listed household's day base (household + tract share) and damping
  P_LIVE_BLOCK: 54, // u32[nPersons / 16 rounded up]: adoption: the blocks of 16 persons with one yet to adopt, ascending
  P_COMPACT: 55, // u32[5 * compactStride(nPersons)]: adoption: the persons left once few are, 5 arrays (person, household, group, m_i bits, digital cell | timing class << 16)
  P_TRACT_BASE: 56, // f32[2 * nTracts]: adoption: each tract's day share and its municipality's damping (written by the step)
  P_MEDIA_LIST: 57, // u32[nPersons + 1]: reception: the persons by first media contact day (filled by the reset's end; before it, a channel's contact days, assembly/reception.ts channelFirst)
  P_END_LIST: 58, // u32[nPersons]: reception: the persons who answered repassa, by exposure day, ascending within a day (during the reset, a channel's contact counts, channelFreqBytes)
  P_LIST_START: 59, // u32[2 * (nDays + 2)]: reception: where each day's entries of P_MEDIA_LIST, then of P_END_LIST, end
  P_CANDIDATES: 60, // u8[16 * ceil(nPersons / 128) + 16]: reception: the day's event candidates, a bit a person (zero between days)
  N_MEASURES: 61, // measures of the job's findings (the reduction's; the family's medidas, src/models/<familia>/)
  N_GRID_CELLS: 62, // cells of the job's publication grid
  P_GRID_CELL: 63, // u16[nPersons]: each person's publication grid cell (the reduction's; assembly/reduce.ts)
  P_AUDIENCE: 64, // u8[nPersons]: 1 for a member of the job's audience
  P_RUN_DAY: 65, // u32[2 * (nDays + 1) * nMeasures]: a run's events by day and measure of the persons outside the audience, then of the audience's (day 0: the sink of events not had)
  P_RUN_CELLS: 66, // u32[nGridCells * nMeasures]: a unit's events by grid cell and measure
  P_RUN_FREQ: 67, // u32[(nChannels + 1) * FREQ_COLS]: reception: a unit's audience members' contacts, then how many had 1, ..., 9, 10+ contacts, by channel, then over all
  P_PROP: 68, // f32[nChannels * PROP_BINS], then f32[2 * 256]: reception: each channel's propensity multiplier by copula bin, then the heaviness and own draws' parts of the bin (assembly/reception.ts propensityOf)
  P_MEMORY: 69, // f32[F_MEM_CELLS * MEMORY_CELL], then f32[nChannels * (nDays + 1)]: reception v2.1.0: each base cell's response ceilings, then each channel's memory decay over a gap of g days (assembly/reception.ts)
  P_ADAY: 70, // u16[nPersons]: reception v2.1.0: the day the response reached absorve (0: not), and once the run is settled the day of the final response
  P_RDAY: 71, // u16[nPersons]: reception v2.1.0: the day the response reached repassa (0: not)
  P_SNEXT: 72, // u16[nPersons]: reception v2.1.0: 0 while a social contact may come, the day of one today, 0xFFFF once none can move the person
  P_SMEM: 73, // f32[nPersons]: reception v2.1.0: social memory, log2(level) + day / half-life (0: none); during the reset, a channel's absorve then repassa days (u16 each)
  P_MEM_BATCH: 74, // f32[4 * CONTACT_BATCH]: reception v2.1.0: each listed contact pair's memory and thresholds (assembly/reception.ts)
  SLOTS: 75,

  // f64 parameters at header + PARAMS_OFFSET + 8 * slot
  PARAMS_OFFSET: 320,
  F_E0: 0, // exp(beta0)
  F_EXPO: 1, // adoption: exp(beta_expo); reception: exp(beta_expo) * conversao_social
  F_W_HH: 2, // layer weights: domicilio, turma, estabelecimento, vizinhanca, digital
  F_W_TURMA: 3,
  F_W_ESTAB: 4,
  F_W_VIZ: 5,
  F_W_DIG: 6,
  F_HOMOPHILY: 7, // digital: weight of the own age group against the whole UF
  F_DAMP: 8, // amortecimento_saturacao
  F_ELOGIT: 9, // exp(logit_lancamento)
  F_PERIOD: 10, // days a repassa agent spreads
  F_FALSE_RECALL: 11, // probability of declaring exposure never received
  F_FIRST_DAY: 12, // first campaign day (false recall counts from there)
  F_RECALL: 13, // 4 slots: recall probability of a contact by channel c
  F_SPILL: 17, // vizinhanca: weight of an adjacent tract's members against the own tract's
  F_BY_INCOME: 18, // adoption: 1 when the launch mass and impulse depend on the timing class (P_TAB_INCOME)
  F_PROP: 19, // reception: 1 when media contacts take each person's exposure propensity (P_PROP), 0 before v2.0.0
  F_PROP_SLOT: 20, // 4 slots: the byte of a person's propensity hash that channel c draws (its canal's fixed place, 1 + index of tv, radio, digital, exterior)
  F_MEMORY: 24, // reception: 1 when responses follow exposure (v2.1.0 on: P_MEMORY, P_ADAY, ...), 0 before
  F_MEM_LOG2K: 25, // reception v2.1.0: log2 of the memory at half the ceiling (memoria_meia_saturacao)
  F_MEM_INV_HILL: 26, // reception v2.1.0: 1 / the Hill exponent (memoria_expoente)
  F_MEM_SOCIAL: 27, // reception v2.1.0: 1 / the social memory's half-life in days
  F_MEM_CELLS: 28, // reception v2.1.0: base reception cells (a cell's is (cell >> 1) % F_MEM_CELLS: without the audience bit and the habit)
  PARAMS: 29,
  HEADER_BYTES: 576,

  // Random streams: one per decision (DESIGN 4). Media and recall take 4 consecutive streams.
  S_ADOPT: 1,
  S_LAUNCH: 2,
  S_SOCIAL: 3,
  S_RESPONSE: 4,
  S_FALSE_RECALL: 5,
  S_MEDIA: 8,
  S_RECALL: 12,
  S_PROPENSITY: 16,
} as const;
