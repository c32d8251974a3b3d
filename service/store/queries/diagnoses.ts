// SQL of the city diagnoses a project opened (service/jobs/city-diagnoses.ts).
export const DIAGNOSIS_SQL = {
  // Nothing when the project already opened the city at this release: the caller reads that row.
  open: `INSERT INTO diagnoses (project_id, municipio, release, preco_micros, aberto_em)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (project_id, municipio, release) DO NOTHING RETURNING *`,
  get: `SELECT * FROM diagnoses WHERE project_id = $1 AND municipio = $2 AND release = $3`,
  // Every release the project opened the city at; which one it is read at is the caller's rule.
  listOfCity: `SELECT * FROM diagnoses WHERE project_id = $1 AND municipio = $2 ORDER BY aberto_em`,
} as const;
