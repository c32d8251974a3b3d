// Versioned migrations of the service store, applied in order by applyMigrations (open-store.ts).
// Append a new numbered entry; never edit one that has shipped. The same SQL runs on PGlite and
// on a PostgreSQL server (PostgreSQL 15+). Column names follow the spec's Portuguese where the
// spec names the field (estado, tipo, preco_micros, registro, criado_em, apagamento_pedido_em).

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, ledger, jobs queue, idempotency, results, rate limits',
    sql: `
CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  nome text NOT NULL,
  -- monthly spend limit set by an admin; NULL = no limit
  limite_gasto_mensal_micros bigint CHECK (limite_gasto_mensal_micros >= 0),
  -- jobs running at once (spec Limits: 2, or the contract's number)
  limite_jobs_simultaneos integer NOT NULL DEFAULT 2 CHECK (limite_jobs_simultaneos >= 1),
  criado_em timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text NOT NULL,
  papel text NOT NULL CHECK (papel IN ('owner', 'admin', 'member', 'reader')),
  criado_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, email)
);

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  nome text NOT NULL,
  criado_em timestamptz NOT NULL DEFAULT now(),
  arquivado_em timestamptz
);
CREATE INDEX projects_organization ON projects (organization_id);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  prefixo text NOT NULL UNIQUE,
  -- SHA-256 of the whole key text; the key itself is never stored
  hash bytea NOT NULL,
  nome text NOT NULL,
  scopes jsonb NOT NULL,
  duracao_dias integer CHECK (duracao_dias IN (7, 30, 90, 365)),
  expira_em timestamptz,
  -- revocation time; a rotation with grace sets it in the future
  revogada_em timestamptz,
  substituida_por uuid REFERENCES api_keys(id),
  ultimo_uso_em timestamptz,
  criado_em timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_project ON api_keys (project_id);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- arrival order of the queue (FIFO per organization)
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  nome text,
  tipo text NOT NULL CHECK (tipo IN ('simulacao', 'calibracao')),
  -- em_execucao is this project's name for the running state the spec leaves unnamed
  estado text NOT NULL CHECK (estado IN ('reservado', 'em_execucao', 'concluido', 'falhou', 'cancelado')),
  pedido jsonb,
  cotacao jsonb,
  preco_micros bigint NOT NULL CHECK (preco_micros >= 0),
  request_hash text NOT NULL,
  registro jsonb NOT NULL DEFAULT '{}'::jsonb,
  worker_id text,
  heartbeat_at timestamptz,
  progresso jsonb,
  criado_em timestamptz NOT NULL,
  iniciado_em timestamptz,
  terminado_em timestamptz,
  motivo_falha text,
  apagamento_pedido_em timestamptz,
  apagado_em timestamptz,
  -- the 365-day retention removed request and result
  expirado_em timestamptz
);
CREATE INDEX jobs_queue ON jobs (organization_id, seq) WHERE estado = 'reservado';
CREATE INDEX jobs_running ON jobs (organization_id) WHERE estado = 'em_execucao';
CREATE INDEX jobs_project_recent ON jobs (project_id, criado_em DESC, seq DESC);
CREATE INDEX jobs_retention ON jobs (terminado_em) WHERE expirado_em IS NULL;

CREATE TABLE idempotency_keys (
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  chave text NOT NULL CHECK (char_length(chave) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  criado_em timestamptz NOT NULL,
  PRIMARY KEY (project_id, chave)
);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs(id) ON DELETE CASCADE,
  -- credito: top-up (+); reserva: price held at submission (-); gasto: the reservation became
  -- spend (0, the money already left the balance); devolucao: the reservation returned whole (+)
  tipo text NOT NULL CHECK (tipo IN ('credito', 'reserva', 'gasto', 'devolucao')),
  valor_micros bigint NOT NULL,
  nota text,
  criado_em timestamptz NOT NULL,
  CHECK (
    (tipo = 'credito' AND valor_micros > 0 AND job_id IS NULL) OR
    (tipo = 'reserva' AND valor_micros <= 0 AND job_id IS NOT NULL) OR
    (tipo = 'gasto' AND valor_micros = 0 AND job_id IS NOT NULL) OR
    (tipo = 'devolucao' AND valor_micros >= 0 AND job_id IS NOT NULL)
  )
);
CREATE INDEX ledger_organization ON ledger_entries (organization_id, criado_em);
-- one reservation per job, resolved exactly once (spent or returned)
CREATE UNIQUE INDEX ledger_one_reservation ON ledger_entries (job_id) WHERE tipo = 'reserva';
CREATE UNIQUE INDEX ledger_one_resolution ON ledger_entries (job_id) WHERE tipo IN ('gasto', 'devolucao');

CREATE TABLE results (
  job_id uuid PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  formato text NOT NULL,
  dados bytea NOT NULL,
  criado_em timestamptz NOT NULL
);

-- Outbox of job endings, written in the transaction of the state change (webhooks read it).
CREATE TABLE job_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  evento text NOT NULL CHECK (evento IN ('job.concluido', 'job.falhou', 'job.cancelado')),
  criado_em timestamptz NOT NULL,
  UNIQUE (job_id, evento)
);

-- Sliding-window call counters, one row per (bucket, second).
CREATE TABLE rate_limit_counts (
  chave text NOT NULL,
  segundo bigint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (chave, segundo)
);
`,
  },
  {
    version: 2,
    name: 'rate_limit_take: check and count a call in one round trip',
    // Counts one call in every window, then reads the windows; when one is over its limit it
    // takes the call back. The row locks taken by the increment (in array order) serialise
    // concurrent callers of the same bucket, so no two of them can both take the last call.
    sql: `
CREATE FUNCTION rate_limit_take(chaves text[], desde bigint[], limites integer[], agora bigint)
RETURNS TABLE (ord bigint, contagem bigint, mais_antigo bigint, cheio boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  contagens bigint[];
  antigos bigint[];
  cheios boolean[];
BEGIN
  INSERT INTO rate_limit_counts AS c (chave, segundo, n)
    SELECT b.chave, agora, 1 FROM unnest(chaves) WITH ORDINALITY AS b(chave, o) ORDER BY b.o
    ON CONFLICT (chave, segundo) DO UPDATE SET n = c.n + 1;
  SELECT array_agg(s.contagem ORDER BY s.o), array_agg(s.antigo ORDER BY s.o), array_agg(s.cheio ORDER BY s.o)
    INTO contagens, antigos, cheios
    FROM (
      SELECT w.o, COALESCE(sum(c.n), 0)::bigint AS contagem, min(c.segundo) AS antigo, COALESCE(sum(c.n), 0) > w.lim AS cheio
      FROM unnest(chaves, desde, limites) WITH ORDINALITY AS w(chave, ds, lim, o)
      LEFT JOIN rate_limit_counts c ON c.chave = w.chave AND c.segundo >= w.ds
      GROUP BY w.o, w.lim
    ) s;
  IF true = ANY (cheios) THEN
    UPDATE rate_limit_counts c SET n = c.n - 1 WHERE c.chave = ANY (chaves) AND c.segundo = agora;
  END IF;
  RETURN QUERY SELECT u.o, u.contagem, u.antigo, u.cheio
    FROM unnest(contagens, antigos, cheios) WITH ORDINALITY AS u(contagem, antigo, cheio, o);
END
$fn$;
`,
  },
  {
    version: 3,
    name: 'jobs.progresso_em: when the progress of a running job last moved',
    sql: `
ALTER TABLE jobs ADD COLUMN progresso_em timestamptz;
`,
  },
  {
    version: 4,
    name: 'rate_limit_counts unlogged',
    // Every API call writes a counter row; without WAL its write no longer waits for a disk flush
    // while holding the row everyone increments (4x the calls per second in bench/http.ts). The
    // price: a PostgreSQL crash (not a clean stop) empties the counters, so budgets start afresh.
    sql: `
ALTER TABLE rate_limit_counts SET UNLOGGED;
`,
  },
  {
    version: 5,
    name: 'diagnoses: the cities a project opened, one receipt per municipality and release',
    // A city is opened per release (spec "Versioning": a city opened at an older release stays on
    // it until opened at the newest), so the key is project + municipality + release and a repeat
    // finds the same receipt. preco_micros is what the opening cost then (zero since 2026-10-12):
    // the quote shows a receipt's own price, never today's.
    sql: `
CREATE TABLE diagnoses (
  recibo uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  municipio text NOT NULL CHECK (municipio ~ '^[0-9]{7}$'),
  release text NOT NULL,
  preco_micros bigint NOT NULL CHECK (preco_micros >= 0),
  aberto_em timestamptz NOT NULL,
  UNIQUE (project_id, municipio, release)
);
`,
  },
  {
    version: 6,
    name: 'webhooks: one per project, and the deliveries of its events',
    // The secret is kept as given (not hashed): every delivery is signed with it. A delivery is
    // written in the transaction that ends its job (service/jobs/job-events.ts), so an event is never
    // lost between the state change and the queue; its body is fixed then, and every attempt signs
    // the same bytes with the secret of the moment. Removing the webhook deletes its deliveries
    // (ON DELETE CASCADE): nothing queued is sent after a removal.
    sql: `
CREATE TABLE webhooks (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  url text NOT NULL,
  segredo text NOT NULL,
  criado_em timestamptz NOT NULL,
  segredo_trocado_em timestamptz NOT NULL
);
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES webhooks(project_id) ON DELETE CASCADE,
  evento text NOT NULL CHECK (evento IN ('job.concluido', 'job.falhou', 'job.cancelado', 'ping')),
  job_id uuid,
  corpo text NOT NULL,
  estado text NOT NULL CHECK (estado IN ('pendente', 'entregue', 'abandonada')),
  tentativas integer NOT NULL DEFAULT 0,
  proxima_em timestamptz,
  reservada_ate timestamptz,
  criado_em timestamptz NOT NULL,
  ultima_em timestamptz,
  status_resposta integer,
  resposta text,
  erro text
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (proxima_em) WHERE estado = 'pendente';
CREATE INDEX webhook_deliveries_project ON webhook_deliveries (project_id, criado_em DESC);
`,
  },
  {
    version: 7,
    name: 'people and console sessions',
    // A person is an email with a password hash (argon2id); membership stays in members, by email,
    // so an invitation can name someone who has no account yet. A session row is kept by the hash
    // of its token (the cookie holds the token, signed): a stolen table opens no session.
    sql: `
CREATE TABLE people (
  email text PRIMARY KEY,
  senha_hash text NOT NULL,
  criado_em timestamptz NOT NULL
);
CREATE TABLE console_sessions (
  token_hash text PRIMARY KEY,
  email text NOT NULL REFERENCES people(email) ON DELETE CASCADE,
  criado_em timestamptz NOT NULL,
  expira_em timestamptz NOT NULL
);
CREATE INDEX console_sessions_email ON console_sessions (email);
`,
  },
  {
    version: 8,
    name: 'deletion with undo: projects and organizations',
    // excluido_em / fechada_em: asked (keys stop at once, 7 days to undo); apagado_em / apagada_em:
    // the sweep erased what the spec says goes for good (service/accounts/deletion.ts).
    sql: `
ALTER TABLE projects ADD COLUMN excluido_em timestamptz, ADD COLUMN apagado_em timestamptz;
ALTER TABLE organizations ADD COLUMN fechada_em timestamptz, ADD COLUMN apagada_em timestamptz;
`,
  },
  {
    version: 9,
    name: 'invitations by link',
    // Kept by the hash of the link's token, as sessions are; an organization's erasure takes them.
    sql: `
CREATE TABLE invitations (
  token_hash text PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text NOT NULL,
  papel text NOT NULL CHECK (papel IN ('owner', 'admin', 'member', 'reader')),
  criado_em timestamptz NOT NULL,
  expira_em timestamptz NOT NULL,
  aceito_em timestamptz
);
CREATE INDEX invitations_organization ON invitations (organization_id);
`,
  },
  {
    version: 10,
    name: 'OAuth for agents: the authorization server records and the agents people connected',
    // oauth_records: oidc-provider's models (service/oauth/oauth-adapter.ts), one table keyed by
    // model and id; tokens and codes are kept under the SHA-256 of their value, as keys are.
    // agent_connections: one per consent (an oidc-provider grant) for one project; disconnecting
    // or erasing the project removes its grant's records.
    sql: `
CREATE TABLE oauth_records (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  expira_em timestamptz,
  consumido_em timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid ON oauth_records (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_expiry ON oauth_records (expira_em) WHERE expira_em IS NOT NULL;

CREATE TABLE agent_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grant_id text NOT NULL UNIQUE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  email text NOT NULL,
  client_id text NOT NULL,
  cliente_nome text NOT NULL,
  scopes jsonb NOT NULL,
  criado_em timestamptz NOT NULL,
  ultimo_uso_em timestamptz,
  desconectado_em timestamptz
);
CREATE INDEX agent_connections_project ON agent_connections (project_id);
`,
  },
  {
    version: 11,
    name: 'tasks of a job spread over workers: their results until the job\'s owner combines them',
    // One row per task (replica x variant) of a simulation job whose tasks run through the task
    // queue (service/execution/task-queue.ts, pg-boss in a schema of its own): who runs it, its days
    // done (the job's progress), then its counts (deflated, task-counts-bytes.ts). The owner
    // reads them, combines, and deletes the job's rows; the sweeper deletes those of ended jobs.
    sql: `
CREATE TABLE job_tasks (
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  tarefa integer NOT NULL CHECK (tarefa >= 0),
  worker_id text NOT NULL,
  dias integer NOT NULL DEFAULT 0,
  dados bytea,
  segundos double precision,
  atualizado_em timestamptz NOT NULL,
  PRIMARY KEY (job_id, tarefa)
);
`,
  },
  {
    version: 12,
    name: 'the fleet: workers that take the tasks of spread jobs, with their last sign of life',
    // One row per live worker process that runs tasks (service/execution/fleet.ts): it writes its row
    // on start and every FLEET_BEAT_MS, deletes it on stop; the sweeper deletes rows silent for
    // long (a process that died). The quotes count the rows seen recently (the measured fleet).
    sql: `
CREATE TABLE workers (
  id text PRIMARY KEY,
  threads integer NOT NULL CHECK (threads > 0),
  iniciado_em timestamptz NOT NULL,
  visto_em timestamptz NOT NULL
);
`,
  },
  {
    version: 13,
    name: 'tasks of a spread job: whether the owner has read their counts',
    // The owner reads the counts stored since its last read by marking them read in the same
    // statement (store/queries/job-tasks.ts results), instead of sending every task it already
    // holds with each read (a list as long as the job's tasks, read after every stored task).
    sql: `ALTER TABLE job_tasks ADD COLUMN lido boolean NOT NULL DEFAULT false;`,
  },
  {
    version: 14,
    name: 'rate_limit_take_stages: a call\'s burst check and hourly count in one round trip',
    // Stage k is elements fins[k-1]+1 .. fins[k] of the arrays. A stage counts the call in each of
    // its windows (the row locks, in array order, serialise concurrent callers of a bucket, so no
    // two of them can both take the last call), reads the windows, and takes its call back when
    // one is over; the next stage is taken only when every window of this one had room. A stage
    // refused takes back its own call, the stages before keep theirs: a call over its hourly budget
    // still counts in the burst windows, as when the two were separate round trips. Callers list
    // the stages in one fixed order (burst before hour), so locks are taken in one order. One
    // statement per window, not rate_limit_take's unnest and array_agg: 0.33 against 0.41 ms a
    // call of two stages on one connection (SELECT 1: 0.10). rate_limit_take stays for instances
    // of an older version during an upgrade.
    sql: `
CREATE FUNCTION rate_limit_take_stages(chaves text[], desde bigint[], limites integer[], fins integer[], agora bigint)
RETURNS TABLE (etapa integer, ord integer, contagem bigint, mais_antigo bigint, cheio boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  inicio integer := 0;
  recusada boolean;
  contagens bigint[];
  antigos bigint[];
  c1 bigint;
  m1 bigint;
BEGIN
  FOR k IN 1 .. cardinality(fins) LOOP
    recusada := false;
    FOR i IN inicio + 1 .. fins[k] LOOP
      INSERT INTO rate_limit_counts AS c (chave, segundo, n) VALUES (chaves[i], agora, 1)
        ON CONFLICT (chave, segundo) DO UPDATE SET n = c.n + 1;
    END LOOP;
    FOR i IN inicio + 1 .. fins[k] LOOP
      SELECT COALESCE(sum(c.n), 0), min(c.segundo) INTO c1, m1 FROM rate_limit_counts c WHERE c.chave = chaves[i] AND c.segundo >= desde[i];
      contagens[i] := c1;
      antigos[i] := m1;
      recusada := recusada OR c1 > limites[i];
    END LOOP;
    IF recusada THEN
      FOR i IN inicio + 1 .. fins[k] LOOP
        UPDATE rate_limit_counts c SET n = c.n - 1 WHERE c.chave = chaves[i] AND c.segundo = agora;
      END LOOP;
    END IF;
    FOR i IN inicio + 1 .. fins[k] LOOP
      etapa := k;
      ord := i - inicio;
      contagem := contagens[i];
      mais_antigo := antigos[i];
      cheio := contagens[i] > limites[i];
      RETURN NEXT;
    END LOOP;
    EXIT WHEN recusada;
    inicio := fins[k];
  END LOOP;
END
$fn$;
`,
  },
  {
    version: 15,
    name: 'console settings: password resets, spend alerts, invitation links shown again',
    // password_resets: a reset link's token kept by its SHA-256 (as sessions and invitations), valid
    // 1 hour, used once (usado_em). alerta_gasto_parte: the share of the monthly limit (1 to 100 %)
    // at which the console warns, NULL for none; alerta_gasto_mes: the month (yyyy-mm) already warned
    // of in the log, so the line is written once a month. link_cifrado: the invitation's token
    // sealed with a key derived from the console's secret (AES-256-GCM, service/console/sealed-text.ts),
    // so the page can show the link again while it is valid; the lookup stays by the hash.
    sql: `
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  email text NOT NULL REFERENCES people(email) ON DELETE CASCADE,
  criado_em timestamptz NOT NULL,
  expira_em timestamptz NOT NULL,
  usado_em timestamptz
);
CREATE INDEX password_resets_email ON password_resets (email);
ALTER TABLE organizations ADD COLUMN alerta_gasto_parte integer CHECK (alerta_gasto_parte BETWEEN 1 AND 100),
  ADD COLUMN alerta_gasto_mes text;
ALTER TABLE invitations ADD COLUMN link_cifrado text;
`,
  },
  {
    version: 16,
    name: 'api_keys.seq: the keys\' creation order',
    // A rotation creates the new key in the same instant as the old one when the clock does not
    // move between them (a fixed clock, or two writes within the clock's resolution); ordered by
    // creation time and then the random id, the two came out either way. seq orders ties as they
    // were created (store/queries/api-keys.ts listByProject). Keys already stored get it in the
    // table's physical order, the best left of their creation order.
    sql: `ALTER TABLE api_keys ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE;`,
  },
];
