// The kernel's ABI: the host (src/kernel/layout.ts) lays every array out in the imported linear
// memory and writes its byte offset or count into a header of u32 slots, followed by f64
// parameters. The one declaration: the host's src/kernel/abi.ts is generated from this file
// (npm run abi:generate, scripts/kernel-abi.ts; test/kernel/abi.test.ts fails when it is stale).

// Version of this ABI: abiVersion() returns it and the host refuses a kernel built from another.
export const ABI_VERSION: u32 = 15;

// Age groups of the digital layer (0-9, 10-19, ..., 50-59, 60+): the host's grupo_idade of the
// principal grid (src/release/publication-grid.ts); digital cells are UF x age group.
export const AGE_GROUPS: u32 = 7;

// Persons in a block of adoption's daily step (P_LIVE_BLOCK lists blocks; assembly/adoption.ts)
export const ADOPTION_BLOCK: u32 = 16;

// Adoption's compact copy of the persons left (P_COMPACT; assembly/adoption.ts) holds at most
// nPersons * ADOPTION_COMPACT_EIGHTHS / 8 of them (src/models/adocao/adoption-kernel.ts sizes it)
export const ADOPTION_COMPACT_EIGHTHS: u32 = 3;

// Columns of a channel's row of P_RUN_FREQ: its contacts, then the members with 1 .. 10+ contacts
export const FREQ_COLS: u32 = 11;

// Pairs of (person, channel) in a batch of reception's media contacts (assembly/reception.ts BATCH;
// P_MEM_BATCH holds one 16-byte memory state per pair)
export const CONTACT_BATCH: u32 = 1024;

// f32 entries per base reception cell (without habit and audience: F_MEM_CELLS of them) in P_MEMORY
// (assembly/reception.ts, v2.1.0's response memory): the share that does not reject, then the
// ceilings of absorve-or-repassa and of repassa, by media memory and by social memory, then padding
export const MEMORY_CELL: u32 = 8;

// Bins of the exposure propensity's copula variable (P_PROP; assembly/reception.ts propensityOf)
export const PROP_BINS: u32 = 512;

// u32 slots at header + 4 * slot
export const N_PERSONS: u32 = 0;
export const N_HOUSEHOLDS: u32 = 1;
export const N_TRACTS: u32 = 2;
export const N_GROUPS: u32 = 3; // activity groups; slot N_GROUPS of every group table is the "no group" zero
export const N_TURMAS: u32 = 4;
export const N_MUN: u32 = 5;
export const N_DIG: u32 = 6; // digital cells = UFs x 7 age groups; slot N_DIG is the "offline" zero
export const N_UF: u32 = 7;
export const N_CHANNELS: u32 = 8;
export const N_CELLS: u32 = 9; // reception cells (with the audience bit)
export const P_HH_START: u32 = 10; // u32[nHouseholds + 1]
export const P_HH_TRACT: u32 = 11; // u32[nHouseholds]
export const P_GROUP: u32 = 12; // u32[nPersons], NO_GROUP remapped to nGroups
export const P_DCELL: u32 = 13; // u16[nPersons]: uf * 7 + age group for internet users, else nDig
export const P_TRACT_MUN: u32 = 14; // u16[nTracts]
export const P_ADJ_START: u32 = 15; // u32[nTracts + 1]
export const P_ADJ: u32 = 16; // u32[edges]
export const P_GROUP_SIZE: u32 = 17; // i32[nGroups + 1]
export const P_TRACT_POP: u32 = 18; // i32[nTracts]
export const P_TRACT_DEN: u32 = 19; // f32[nTracts]: pop + spill * adjacent pop - 1 (>= 1)
export const P_DIG_POP: u32 = 20; // i32[nDig + 1]
export const P_UF_DIG_POP: u32 = 21; // i32[nUf]
export const P_MUN_POP: u32 = 22; // i32[nMun]
export const P_MULT: u32 = 23; // f32[nPersons]: m_i (adoption)
export const P_CELL: u32 = 24; // u16[nPersons]: reception cell (reception)
export const P_AFF: u32 = 25; // f32[nChannels * nCells]: affinity, 0 outside the audience
export const P_RESP_CUM: u32 = 26; // f32[2 * nCells * 3]: cumulative response shares [source][cell][3]
export const P_DAY_A: u32 = 27; // u16[nPersons]: adoption day / first exposure day (0 = never)
export const P_REM: u32 = 28; // f32[nPersons]: remaining Exp(1) threshold (adoption / social)
export const P_FREQ: u32 = 29; // u8[nPersons * nChannels]: media contacts (saturating at 255)
export const P_MDAY: u32 = 30; // u16[nPersons]: first media contact day
export const P_SDAY: u32 = 31; // u16[nPersons]: first social exposure day
export const P_DDAY: u32 = 32; // u16[nPersons]: declared exposure day (recall)
export const P_RESP: u32 = 33; // u8[nPersons]: 0 none, 1 ignora, 2 absorve, 3 repassa, 4 rejeita
export const P_CNT_GROUP: u32 = 34; // i32[nGroups + 1]: active members
export const P_CNT_TRACT: u32 = 35; // i32[nTracts]
export const P_CNT_DIG: u32 = 36; // i32[nDig + 1]
export const P_CNT_MUN: u32 = 37; // i32[nMun]
export const P_TAB_G: u32 = 38; // f32[nGroups + 1]: weighted active share of the group (self not active)
export const P_TAB_V: u32 = 39; // f32[nTracts]
export const P_TAB_D: u32 = 40; // f32[nDig + 1]
export const P_TAB_DAMP: u32 = 41; // f32[nMun]: 1 - amortecimento * S_m
export const P_UNIT_G: u32 = 42; // f32[nGroups + 1]: one member's weight in the share (self exclusion)
export const P_UNIT_V: u32 = 43; // f32[nTracts]
export const P_UNIT_D: u32 = 44; // f32[nDig + 1]
export const N_DAYS: u32 = 45;
export const P_CUM: u32 = 46; // f64[nChannels * (nDays + 1)]: cumulative exp(beta0) * intensity of the task's variant
export const P_CNT_HH: u32 = 47; // i32[nHouseholds]: active members of the household (reception: with their bits, assembly/reception.ts)
export const AGENT_BASE: u32 = 48; // global index of this instance's first person (sharding: RNG counters use it)
export const P_LIVE_HH: u32 = 49; // u32[nHouseholds]: adoption: the households with a member yet to adopt, ascending
export const P_INCOME: u32 = 50; // u8[nPersons]: adoption: launch timing class, UF index x 5 + national income quintile (read when F_BY_INCOME is set)
export const P_TAB_INCOME: u32 = 51; // f32[2 * 135]: adoption by timing class: the day's exp(beta0) with the impulse, then the launch odds factor
export const P_PERSON_HH: u32 = 52; // u32[nPersons]: adoption: each person's household (filled by the reset)
export const P_HH_BASE: u32 = 53; // f32[2 * nHouseholds]: adoption: a listed household's day base (household + tract share) and damping
export const P_LIVE_BLOCK: u32 = 54; // u32[nPersons / 16 rounded up]: adoption: the blocks of 16 persons with one yet to adopt, ascending
export const P_COMPACT: u32 = 55; // u32[5 * compactStride(nPersons)]: adoption: the persons left once few are, 5 arrays (person, household, group, m_i bits, digital cell | timing class << 16)
export const P_TRACT_BASE: u32 = 56; // f32[2 * nTracts]: adoption: each tract's day share and its municipality's damping (written by the step)
export const P_MEDIA_LIST: u32 = 57; // u32[nPersons + 1]: reception: the persons by first media contact day (filled by the reset's end; before it, a channel's contact days, assembly/reception.ts channelFirst)
export const P_END_LIST: u32 = 58; // u32[nPersons]: reception: the persons who answered repassa, by exposure day, ascending within a day (during the reset, a channel's contact counts, channelFreqBytes)
export const P_LIST_START: u32 = 59; // u32[2 * (nDays + 2)]: reception: where each day's entries of P_MEDIA_LIST, then of P_END_LIST, end
export const P_CANDIDATES: u32 = 60; // u8[16 * ceil(nPersons / 128) + 16]: reception: the day's event candidates, a bit a person (zero between days)
export const N_MEASURES: u32 = 61; // measures of the job's findings (the reduction's; the family's medidas, src/models/<familia>/)
export const N_GRID_CELLS: u32 = 62; // cells of the job's publication grid
export const P_GRID_CELL: u32 = 63; // u16[nPersons]: each person's publication grid cell (the reduction's; assembly/reduce.ts)
export const P_AUDIENCE: u32 = 64; // u8[nPersons]: 1 for a member of the job's audience
export const P_RUN_DAY: u32 = 65; // u32[2 * (nDays + 1) * nMeasures]: a run's events by day and measure of the persons outside the audience, then of the audience's (day 0: the sink of events not had)
export const P_RUN_CELLS: u32 = 66; // u32[nGridCells * nMeasures]: a unit's events by grid cell and measure
export const P_RUN_FREQ: u32 = 67; // u32[(nChannels + 1) * FREQ_COLS]: reception: a unit's audience members' contacts, then how many had 1, ..., 9, 10+ contacts, by channel, then over all
export const P_PROP: u32 = 68; // f32[nChannels * PROP_BINS], then f32[2 * 256]: reception: each channel's propensity multiplier by copula bin, then the heaviness and own draws' parts of the bin (assembly/reception.ts propensityOf)
export const P_MEMORY: u32 = 69; // f32[F_MEM_CELLS * MEMORY_CELL], then f32[nChannels * (nDays + 1)]: reception v2.1.0: each base cell's response ceilings, then each channel's memory decay over a gap of g days (assembly/reception.ts)
export const P_ADAY: u32 = 70; // u16[nPersons]: reception v2.1.0: the day the response reached absorve (0: not), and once the run is settled the day of the final response
export const P_RDAY: u32 = 71; // u16[nPersons]: reception v2.1.0: the day the response reached repassa (0: not)
export const P_SNEXT: u32 = 72; // u16[nPersons]: reception v2.1.0: 0 while a social contact may come, the day of one today, 0xFFFF once none can move the person
export const P_SMEM: u32 = 73; // f32[nPersons]: reception v2.1.0: social memory, log2(level) + day / half-life (0: none); during the reset, a channel's absorve then repassa days (u16 each)
export const P_MEM_BATCH: u32 = 74; // f32[4 * CONTACT_BATCH]: reception v2.1.0: each listed contact pair's memory and thresholds (assembly/reception.ts)
export const SLOTS: u32 = 75;

// f64 parameters at header + PARAMS_OFFSET + 8 * slot
export const PARAMS_OFFSET: u32 = 320;
export const F_E0: u32 = 0; // exp(beta0)
export const F_EXPO: u32 = 1; // adoption: exp(beta_expo); reception: exp(beta_expo) * conversao_social
export const F_W_HH: u32 = 2; // layer weights: domicilio, turma, estabelecimento, vizinhanca, digital
export const F_W_TURMA: u32 = 3;
export const F_W_ESTAB: u32 = 4;
export const F_W_VIZ: u32 = 5;
export const F_W_DIG: u32 = 6;
export const F_HOMOPHILY: u32 = 7; // digital: weight of the own age group against the whole UF
export const F_DAMP: u32 = 8; // amortecimento_saturacao
export const F_ELOGIT: u32 = 9; // exp(logit_lancamento)
export const F_PERIOD: u32 = 10; // days a repassa agent spreads
export const F_FALSE_RECALL: u32 = 11; // probability of declaring exposure never received
export const F_FIRST_DAY: u32 = 12; // first campaign day (false recall counts from there)
export const F_RECALL: u32 = 13; // 4 slots: recall probability of a contact by channel c
export const F_SPILL: u32 = 17; // vizinhanca: weight of an adjacent tract's members against the own tract's
export const F_BY_INCOME: u32 = 18; // adoption: 1 when the launch mass and impulse depend on the timing class (P_TAB_INCOME)
export const F_PROP: u32 = 19; // reception: 1 when media contacts take each person's exposure propensity (P_PROP), 0 before v2.0.0
export const F_PROP_SLOT: u32 = 20; // 4 slots: the byte of a person's propensity hash that channel c draws (its canal's fixed place, 1 + index of tv, radio, digital, exterior)
export const F_MEMORY: u32 = 24; // reception: 1 when responses follow exposure (v2.1.0 on: P_MEMORY, P_ADAY, ...), 0 before
export const F_MEM_LOG2K: u32 = 25; // reception v2.1.0: log2 of the memory at half the ceiling (memoria_meia_saturacao)
export const F_MEM_INV_HILL: u32 = 26; // reception v2.1.0: 1 / the Hill exponent (memoria_expoente)
export const F_MEM_SOCIAL: u32 = 27; // reception v2.1.0: 1 / the social memory's half-life in days
export const F_MEM_CELLS: u32 = 28; // reception v2.1.0: base reception cells (a cell's is (cell >> 1) % F_MEM_CELLS: without the audience bit and the habit)
export const PARAMS: u32 = 29;
export const HEADER_BYTES: u32 = 576;

// Random streams: one per decision (DESIGN 4). Media and recall take 4 consecutive streams.
export const S_ADOPT: u32 = 1;
export const S_LAUNCH: u32 = 2;
export const S_SOCIAL: u32 = 3;
export const S_RESPONSE: u32 = 4;
export const S_FALSE_RECALL: u32 = 5;
export const S_MEDIA: u32 = 8;
export const S_RECALL: u32 = 12;
export const S_PROPENSITY: u32 = 16;
