import { cpus } from 'node:os';
import type { Latency } from '../measure-latency.js';
import { ANSWERABLE, CATEGORY_NAMES, type CategoryMeans } from './category-means.js';
import type { AnswerResults } from './evaluate-answers.js';
import { type ExtractionResults, SHARED_WORDS } from './evaluate-extraction.js';
import type { RetrievalScores } from './evaluate-retrieval.js';
import type { DerivationOutcome } from './finish-derivation.js';

// The report is printed a section at a time, as each is measured: a run stopped by the
// watchdog (see watchdog.ts) still shows what it measured before.

const percent = (value: number) => (Number.isNaN(value) ? 'n/a' : `${(value * 100).toFixed(1)} %`);
const fixed = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toString());
const percentiles = (latency: Latency) => `${ms(latency.p50)} / ${ms(latency.p95)}`;

type Row = { label: string; means: CategoryMeans; format(value: number): string };

/** A table with a column per category of 1-4 and one over all four; `counts` heads the columns. */
function categoryTable(firstColumn: string, counts: CategoryMeans, rows: readonly Row[]): string[] {
  const header = [
    firstColumn,
    ...ANSWERABLE.map(
      (category) => `${category} ${CATEGORY_NAMES[category]} (${counts.byCategory[category].count})`,
    ),
    `overall 1-4 (${counts.overall.count})`,
  ];
  const cells = (row: Row) => [
    ...ANSWERABLE.map((category) => row.format(row.means.byCategory[category].mean)),
    row.format(row.means.overall.mean),
  ];
  return [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:')
      .join('|')}|`,
    ...rows.map((row) => `| ${row.label} | ${cells(row).join(' | ')} |`),
  ];
}

export type RunHeader = {
  startedAt: Date;
  quick: boolean;
  database: string;
  derivation: DerivationOutcome;
  dataset: {
    /** The conversations run, by position in the file from 1: "1-3", "4-10". */
    range: string;
    conversations: number;
    sessions: number;
    turns: number;
    sha256: string;
    expectedSha256: string;
  };
};

/** Where and on what the run ran. */
export function formatHeader(run: RunHeader): string {
  const cpu = cpus();
  const { dataset } = run;
  const { status } = run.derivation;
  return [
    `## LoCoMo benchmark${run.quick ? ' (--quick)' : ''}`,
    '',
    [
      run.startedAt.toISOString(),
      `node ${process.version}`,
      cpu[0]?.model ?? 'unknown CPU',
      `${cpu.length} cores`,
      run.database,
      `reasoner: ${run.derivation.reasoner}`,
      `embedding model: ${run.derivation.embeddingModel}`,
    ].join(' · '),
    '',
    `Dataset: conversations ${dataset.range} (${dataset.conversations}), ${dataset.sessions} sessions, ${dataset.turns} turns, one workspace per conversation; sha256 ${
      dataset.sha256 === dataset.expectedSha256
        ? 'matches ../shared/bench/README.md'
        : `${dataset.sha256} (README: ${dataset.expectedSha256})`
    }.`,
    '',
    `Deriver status after draining: ${status.done} tasks done, ${status.pending} pending, ${status.in_progress} in progress, ${status.failed} failed; ${run.derivation.errors} errors met; ${status.observations.toLocaleString('en')} observations.`,
    ...run.derivation.failures.map(
      (failure) =>
        `- failure in ${failure.workspace}/${failure.session} (${failure.status}, ${failure.attempts} attempts): ${failure.error}`,
    ),
  ].join('\n');
}

export function formatRetrieval(
  scores: { service: RetrievalScores; bm25: RetrievalScores },
  evidence: { unknownIds: number; questionsWithout: number },
): string {
  const { service, bm25 } = scores;
  const rows = (label: string, retrieval: RetrievalScores): Row[] => [
    { label: `${label}: Recall@5`, means: retrieval.recallAt5, format: percent },
    { label: `${label}: Recall@10`, means: retrieval.recallAt10, format: percent },
    { label: `${label}: MRR`, means: retrieval.mrr, format: fixed },
  ];
  return [
    '### Retrieval (categories 1-4, search limit 10)',
    '',
    ...categoryTable('Retriever: metric', service.mrr, [
      ...rows('peermem search', service),
      ...rows('BM25 (reference)', bm25),
    ]),
    '',
    "- Each question is searched in its own conversation's workspace (`search({query, limit: 10})`); results are mapped back to dia_ids. Recall@k: the share of the question's evidence turns in the top k, averaged over questions; MRR: of the first evidence turn in the top 10.",
    `- Evidence normalised ("D8:6; D9:17" is two turns, "D:11:26" is D11:26); ${evidence.unknownIds} evidence ids naming no turn were dropped, and ${evidence.questionsWithout} questions left without evidence were not scored.`,
    '- BM25: k1 1.2, b 0.75, Lucene IDF, over the same turn texts (image captions included), stopwords removed, Porter stems; ../shared/bench/README.md quotes R@5 49.7 %, R@10 56.7 % for plain BM25 on this file.',
    `- Search latency p50 / p95: ${percentiles(service.latency)} ms (BM25, in memory: ${percentiles(bm25.latency)} ms).`,
  ].join('\n');
}

export function formatExtraction(extraction: ExtractionResults): string {
  const share = (count: number) => `${percent(count / extraction.facts)} (${count} / ${extraction.facts})`;
  return [
    '### Extraction (reference facts of `observation`)',
    '',
    '| Rule: the fact is covered by an observation the speaker made of themselves that… | Reference facts covered |',
    '|---|---:|',
    `| came from one of the fact's turns and shares ≥ ${SHARED_WORDS * 100} % of the fact's content words | ${share(extraction.covered)} |`,
    `| came from one of the fact's turns | ${share(extraction.sameTurn)} |`,
    '',
    "- Content words: lower-cased, stopwords and both speakers' names removed, Porter stems; the share is of the reference fact's distinct words. Observations are read from the database (`observations` rows with observer = observed), superseded ones included.",
    `- The deriver wrote ${extraction.observations.toLocaleString('en')} such observations from ${extraction.turns.toLocaleString('en')} turns (${(extraction.observations / extraction.turns).toFixed(2)} per turn); the dataset has ${extraction.facts.toLocaleString('en')} reference facts.`,
  ].join('\n');
}

export function formatAnswers(answers: AnswerResults, failedWithEvidenceRead: CategoryMeans): string {
  const named = answers.outcomes.filter((outcome) => outcome.peerNamed).length;
  return [
    '### Answers (chat)',
    '',
    ...categoryTable('Measurement', answers.f1.low, [
      { label: "token F1, reasoning_level 'low'", means: answers.f1.low, format: fixed },
      { label: "token F1, reasoning_level 'minimal'", means: answers.f1.minimal, format: fixed },
      { label: "no answer (null), 'low'", means: answers.unanswered.low, format: percent },
      {
        label:
          "of the 'low' answers with F1 < 0.5: evidence in the top 10 of the search above (chat reads 10)",
        means: failedWithEvidenceRead,
        format: percent,
      },
    ]),
    '',
    `- Adversarial questions (category 5, ${answers.adversarial.questions}): the right answer is to decline; declined (null, "I don't know", "no information available" or "not mentioned"): ${percent(answers.adversarial.refused.low)} at 'low', ${percent(answers.adversarial.refused.minimal)} at 'minimal'.`,
    `- \`chat({peer, query: question, reasoning_level})\` in the question's workspace; peer: the speaker the question names first (${named} of ${answers.outcomes.length} questions), else the conversation's first speaker.`,
    "- F1 as LoCoMo's task_eval/evaluation.py: lower-case, commas, punctuation and a/an/the/and removed, white-space tokens, Porter stems; category 1 averages over the gold's comma-separated parts (each scored against the best part of the answer), category 3 keeps the gold before ';'; no answer scores 0.",
    "- 'low' reads 8 observations and 10 messages (the top 10 of the same search, but for favouring the named speaker) with the 2 turns after each of the 5 best, and extracts a phrase; 'minimal' returns the best-matching observation verbatim.",
  ].join('\n');
}

export type RunCost = {
  turns: number;
  sessions: number;
  ingestMs: number;
  derivation: DerivationOutcome;
  searchLatency: Latency;
  chatLatency: AnswerResults['latency'];
  chats: number;
  peakRssBytes: number;
  elapsedMs: number;
};

export function formatCost(cost: RunCost): string {
  const { derivation } = cost;
  const { status } = derivation;
  return [
    '### Cost',
    '',
    '| Measurement | Value |',
    '|---|---:|',
    `| ingest: ${cost.turns} turns, one add_messages per session (${cost.sessions} calls) | ${seconds(cost.ingestMs)} |`,
    `| deriver: every queued task processed (${status.done} tasks) | ${seconds(derivation.elapsedMs)} (${ms(derivation.elapsedMs / Math.max(1, status.done))} ms per task) |`,
    `| ingest + deriver | ${seconds(cost.ingestMs + derivation.elapsedMs)} |`,
    `| search (limit 10): p50 / p95 ms | ${percentiles(cost.searchLatency)} |`,
    `| chat 'low': p50 / p95 ms | ${percentiles(cost.chatLatency.low)} |`,
    `| chat 'minimal': p50 / p95 ms | ${percentiles(cost.chatLatency.minimal)} |`,
    `| peak RSS | ${Math.round(cost.peakRssBytes / 2 ** 20)} MiB |`,
    `| whole run (load, ingest, derive, searches, ${cost.chats} chats) | ${seconds(cost.elapsedMs)} |`,
  ].join('\n');
}
