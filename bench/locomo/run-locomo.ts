import { performance } from 'node:perf_hooks';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { runScript } from '../run-script.js';
import { failedWithEvidenceRead } from './diagnose-failures.js';
import { evaluateAnswers } from './evaluate-answers.js';
import { evaluateExtraction } from './evaluate-extraction.js';
import { evaluateRetrieval } from './evaluate-retrieval.js';
import { finishDerivation } from './finish-derivation.js';
import {
  formatAnswers,
  formatCost,
  formatExtraction,
  formatHeader,
  formatRetrieval,
} from './format-locomo-report.js';
import { type IngestedConversation, ingestConversation } from './ingest-conversation.js';
import { LOCOMO_SHA256, type Locomo, loadLocomo } from './load-locomo.js';
import { type LocomoSettings, readLocomoSettings } from './locomo-settings.js';
import { bm25Search, serviceSearch } from './retrievers.js';
import { startWatchdog } from './watchdog.js';
import { writeDetails } from './write-details.js';

/**
 * How long a step may take before the watchdog ends the run, far beyond a healthy run on two
 * cores (a chat call takes under 0.1 s, a conversation's ingest 0.3 s, the whole deriver 1 min).
 * On a machine busy with other work, LOCOMO_TIME_SCALE multiplies them (3: three times as long).
 */
const TIME_SCALE = timeScale(process.env.LOCOMO_TIME_SCALE);
const LIMIT_MS = {
  call: 60_000 * TIME_SCALE,
  phase: 5 * 60_000 * TIME_SCALE,
  deriver: 15 * 60_000 * TIME_SCALE,
};

function timeScale(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 1;
  const scale = Number(setting);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`LOCOMO_TIME_SCALE must be a number of at least 1; got "${setting}"`);
  }
  return scale;
}

const log = (message: string) => console.error(`[locomo] ${message}`);
const section = (markdown: string) => console.log(`${markdown}\n`);

/**
 * `npm run bench:locomo`: stores the LoCoMo conversations through the memory service, lets the
 * offline deriver learn from them, and measures retrieval, extraction and answers against the
 * dataset's references. Progress goes to stderr, the markdown report to stdout.
 */
async function main(): Promise<void> {
  let settings: LocomoSettings;
  let locomo: Locomo;
  try {
    settings = readLocomoSettings(process.argv.slice(2));
    locomo = await loadLocomo(settings.datasetPath);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const startedAt = new Date();
  const started = performance.now();
  const watchdog = startWatchdog();
  const { first, last } = settings.conversations;
  const conversations = locomo.conversations.slice(first - 1, last);
  const sessions = conversations.flatMap((conversation) => conversation.sessions);
  const turns = sessions.reduce((sum, session) => sum + session.turns.length, 0);
  const db = openDatabase(
    settings.postgresUrl === undefined ? { kind: 'memory' } : { kind: 'postgres', url: settings.postgresUrl },
  );
  // Workspaces of their own, so a run on a shared server never meets an earlier one.
  const workspaceOf = (id: string) => `locomo-${startedAt.getTime().toString(36)}-${id}`;
  const ingested: IngestedConversation[] = [];
  try {
    await db.query('SELECT 1');
    const learning = createLearning(OFFLINE_LEARNING);
    // Only queues work: the deriver runs afterwards, so ingest and learning are timed apart.
    const engine = createEngine(db, { learning, contextTokens: 8192, deriver: false });

    const ingestStarted = performance.now();
    for (const conversation of conversations) {
      watchdog.doing(`ingesting ${conversation.id}`, LIMIT_MS.call);
      const workspace = workspaceOf(conversation.id);
      ingested.push(await ingestConversation(engine.memory(workspace), workspace, conversation));
    }
    const ingestMs = performance.now() - ingestStarted;
    log(`ingested ${turns} turns in ${(ingestMs / 1000).toFixed(1)} s; deriving`);

    watchdog.doing('the deriver', LIMIT_MS.deriver);
    const derivation = await finishDerivation(db, learning, ingested, (error) =>
      log(`deriver error: ${(error as Error).message ?? String(error)}`),
    );
    log(`deriver done in ${(derivation.elapsedMs / 1000).toFixed(1)} s; retrieval`);
    section(
      formatHeader({
        startedAt,
        quick: settings.quick,
        database: settings.postgresUrl === undefined ? 'PGlite in memory' : 'Postgres server',
        derivation,
        dataset: {
          range: `${first}-${first + conversations.length - 1}`,
          conversations: conversations.length,
          sessions: sessions.length,
          turns,
          sha256: locomo.sha256,
          expectedSha256: LOCOMO_SHA256,
        },
      }),
    );

    watchdog.doing('retrieval', LIMIT_MS.phase);
    const service = await evaluateRetrieval(ingested, serviceSearch);
    const bm25 = await evaluateRetrieval(ingested, bm25Search());
    const questions = conversations.flatMap((conversation) => conversation.questions);
    section(
      formatRetrieval(
        { service, bm25 },
        {
          unknownIds: questions.reduce((sum, question) => sum + question.unknownEvidence.length, 0),
          questionsWithout: questions.filter(
            (question) => question.category !== 5 && question.evidence.length === 0,
          ).length,
        },
      ),
    );

    log('extraction');
    watchdog.doing('extraction', LIMIT_MS.phase);
    section(formatExtraction(await evaluateExtraction(db, ingested)));

    log('answers');
    const answers = await evaluateAnswers(ingested, {
      asking: (label) => watchdog.doing(label, LIMIT_MS.call),
      conversationDone: log,
    });
    watchdog.doing('the report', LIMIT_MS.phase);
    section(formatAnswers(answers, failedWithEvidenceRead(answers.outcomes, service.rankings)));
    if (settings.detailsPath !== undefined) {
      await writeDetails(settings.detailsPath, answers.outcomes, {
        service: service.rankings,
        bm25: bm25.rankings,
      });
      log(`details written to ${settings.detailsPath}`);
    }

    section(
      formatCost({
        turns,
        sessions: sessions.length,
        ingestMs,
        derivation,
        searchLatency: service.latency,
        chatLatency: answers.latency,
        chats: answers.latency.low.count + answers.latency.minimal.count,
        // maxRSS is in kibibytes: the process's peak, PGlite's WASM heap included.
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
        elapsedMs: performance.now() - started,
      }),
    );
    if (derivation.status.failed > 0 || derivation.status.pending > 0) process.exitCode = 1;
  } finally {
    await watchdog.stop();
    if (settings.postgresUrl !== undefined) {
      await deleteWorkspaces(
        db,
        conversations.map((conversation) => workspaceOf(conversation.id)),
      );
    }
    await db.close();
  }
}

/** On a server the run's memory would stay behind: sessions, messages and observations cascade. */
async function deleteWorkspaces(db: Database, workspaces: readonly string[]): Promise<void> {
  await db
    .query('DELETE FROM workspaces WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))', [
      JSON.stringify(workspaces),
    ])
    .catch((error: Error) => log(`cleanup: ${error.message}`));
}

await runScript(main);
