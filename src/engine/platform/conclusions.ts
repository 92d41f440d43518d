// The conclusion (observation) operations of the platform API (see workspaces.ts).
import { OBSERVATION_TOKENS as CONCLUSION_TOKENS } from '../../schemas/observation.js';
import type { Conclusion, NewConclusion, PageRequest } from '../../schemas/platform.js';
import { MemoryError, NotFoundError } from '../../service/errors.js';
import { countTokens } from '../count-tokens.js';
import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { encodeVector } from '../learning/vector-codec.js';
import { recallObservations } from '../reads/recall-observations.js';
import { CONCLUSION_JSON } from './platform-columns.js';
import { type FilteredList, filteredQuery, readInOrder, readPage } from './platform-page.js';

// Superseded observations are history: a newer one took their place.
type Filters = Record<string, unknown> | undefined;

const CURRENT = 'o.superseded_by IS NULL';

/** The current conclusions of a workspace ($1). */
const CONCLUSION_LIST: FilteredList = {
  from: 'observations o',
  alias: 'o',
  scope: `o.workspace_id = $1 AND ${CURRENT}`,
  filters: {
    id: { column: 'o.id', kind: 'text' },
    observer_id: { column: 'o.observer_id', kind: 'text' },
    observed_id: { column: 'o.observed_id', kind: 'text' },
    session_id: { column: 'o.session_id', kind: 'text' },
    created_at: { column: 'o.created_at', kind: 'time' },
  },
  order: ['o.seq'],
  json: CONCLUSION_JSON,
};

/** A page of the current conclusions of a workspace, filtered. */
export const listConclusions = (db: Database, workspace: string, filters: Filters, page: PageRequest) =>
  readPage<Conclusion>(db, ...filteredQuery(CONCLUSION_LIST, [workspace], filters), page);

export async function getConclusion(db: Database, workspace: string, id: string): Promise<Conclusion> {
  const [found] = await readConclusions(db, workspace, [id]);
  if (!found) throw conclusionNotFound(id);
  return found;
}

/** The conclusions of `observer` about `observed` that best answer `query`, best first. */
export async function queryConclusions(
  db: Database,
  embedder: Embedder,
  workspace: string,
  pair: { observer: string; observed: string; session?: string | undefined },
  query: string,
  topK: number,
): Promise<Conclusion[]> {
  const recalled = await recallObservations(db, embedder, workspace, pair, query, topK);
  return readConclusions(
    db,
    workspace,
    recalled.map((observation) => observation.id),
  );
}

/**
 * Stores conclusions written by hand, marked explicit and embedded for semantic recall; the same
 * content stored again for the same pair counts as seen once more. The peers and sessions named
 * must exist.
 */
export async function createConclusions(
  db: Database,
  embedder: Embedder & { readonly model: string },
  workspace: string,
  conclusions: readonly NewConclusion[],
): Promise<Conclusion[]> {
  const tokens = await countTokens(conclusions.map((conclusion) => conclusion.content));
  tokens.forEach((count, index) => {
    if (count > CONCLUSION_TOKENS)
      throw new MemoryError(
        'invalid_input',
        `conclusions.${index}.content: must be at most ${CONCLUSION_TOKENS} tokens (it has ${count})`,
        { field: `conclusions.${index}.content`, hint: 'Split it into several shorter ones.' },
      );
  });
  await assertSubjectsExist(db, workspace, conclusions);
  const vectors = await embedder.embed(conclusions.map((conclusion) => conclusion.content)).catch(() => []);
  // The same fact twice in one call is stored once: a row cannot be upserted twice in a statement.
  const keys = conclusions.map(
    (conclusion) =>
      `${conclusion.observer_id}\u0000${conclusion.observed_id}\u0000${factKey(conclusion.content)}`,
  );
  const firstOrd = new Map<string, number>();
  const input = conclusions.flatMap((conclusion, ord) => {
    const key = keys[ord] as string;
    if (firstOrd.has(key)) return [];
    firstOrd.set(key, ord);
    const vector = vectors[ord];
    return [
      {
        ord,
        ...conclusion,
        fact_key: factKey(conclusion.content),
        embedding: vector === undefined ? null : encodeVector(vector),
      },
    ];
  });
  const stored = await db.query<{ ord: number; id: string }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(ord int, content text, observer_id text,
         observed_id text, session_id text, fact_key text, embedding text)
     ),
     stored AS (
       INSERT INTO observations (workspace_id, observer_id, observed_id, session_id, content, fact_key,
         embedding, embedding_model, explicit)
       SELECT $1, observer_id, observed_id, session_id, content, fact_key, decode(embedding, 'base64'),
         CASE WHEN embedding IS NULL THEN NULL ELSE $3 END, true
       FROM input ORDER BY ord
       ON CONFLICT (workspace_id, observer_id, observed_id, fact_key) DO UPDATE SET
         times_seen = observations.times_seen + 1, updated_at = now(), superseded_by = NULL
       RETURNING id, observer_id, observed_id, fact_key
     )
     SELECT i.ord, s.id FROM stored s
     JOIN input i ON i.observer_id = s.observer_id AND i.observed_id = s.observed_id AND i.fact_key = s.fact_key`,
    [workspace, JSON.stringify(input), embedder.model],
  );
  const idByOrd = new Map(stored.map((row) => [row.ord, row.id]));
  return readConclusions(
    db,
    workspace,
    keys.flatMap((key) => idByOrd.get(firstOrd.get(key) ?? -1) ?? []),
  );
}

/** Conclusions are merged by their content, whatever its case and spacing. */
const factKey = (content: string) => `explicit:${content.trim().toLowerCase().replace(/\s+/g, ' ')}`;

export async function deleteConclusion(db: Database, workspace: string, id: string): Promise<void> {
  const deleted = await db.query(
    'DELETE FROM observations WHERE workspace_id = $1 AND id = $2 RETURNING id',
    [workspace, id],
  );
  if (deleted.length === 0) throw conclusionNotFound(id);
}

/** The current conclusions with these ids, in the order given. */
const readConclusions = (db: Database, workspace: string, ids: readonly string[]) =>
  readInOrder<Conclusion>(
    db,
    { from: 'observations o', alias: 'o', json: CONCLUSION_JSON, where: CURRENT },
    workspace,
    ids,
  );

async function assertSubjectsExist(
  db: Database,
  workspace: string,
  conclusions: readonly NewConclusion[],
): Promise<void> {
  const [row] = await db.query<{ peers: string[] | null; sessions: string[] | null }>(
    `SELECT (SELECT json_agg(id) FROM peers WHERE workspace_id = $1 AND id IN (SELECT jsonb_array_elements_text($2::jsonb))) AS peers,
       (SELECT json_agg(id) FROM sessions WHERE workspace_id = $1 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))) AS sessions`,
    [
      workspace,
      JSON.stringify(conclusions.flatMap((conclusion) => [conclusion.observer_id, conclusion.observed_id])),
      JSON.stringify(conclusions.map((conclusion) => conclusion.session_id)),
    ],
  );
  const peers = new Set(row?.peers ?? []);
  const sessions = new Set(row?.sessions ?? []);
  conclusions.forEach((conclusion, index) => {
    for (const field of ['observer_id', 'observed_id'] as const)
      if (!peers.has(conclusion[field]))
        throw new NotFoundError('peer', conclusion[field], `conclusions.${index}.${field}`);
    if (!sessions.has(conclusion.session_id))
      throw new NotFoundError('session', conclusion.session_id, `conclusions.${index}.session_id`);
  });
}

const conclusionNotFound = (id: string) => new NotFoundError('conclusion', id, 'conclusion_id');
