import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpokenMessage } from '../../src/engine/learning/reasoner.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { type Conversation, loadLocomo } from './load-locomo.js';
import { LOCOMO_FILE } from './locomo-file.js';
import { conversationRange } from './locomo-settings.js';

const USAGE = `node dist/bench/locomo/time-extraction.js [--conversations A-B] [--before DIR] [--rounds N]

What the offline learner's reading of messages costs: every turn of the conversations (default 1-3)
read by extractObservations, a session at a time for each speaker, as the learning thread reads a
task. Prints the CPU time a turn (process.cpuUsage, so that other work on the machine weighs less
than on wall time) and the observations drawn. --before DIR times a compiled build too (\`npx tsc
-p tsconfig.build.json --outDir DIR/dist\` on another commit, with its package.json in DIR), in
turn with this one for --rounds rounds (default 2), and says whether both drew the same observations.`;

const THIS_BUILD = fileURLToPath(new URL('../../', import.meta.url));

type Extract = typeof import('../../src/engine/learning/offline/extract-observations.js').extractObservations;

async function main(): Promise<void> {
  const flags = parseBenchFlags(
    process.argv.slice(2),
    { conversations: { type: 'string' }, before: { type: 'string' }, rounds: { type: 'string' } },
    USAGE,
  );
  const range = conversationRange(flags.conversations ?? '1-3');
  const conversations = (await loadLocomo(LOCOMO_FILE)).conversations.slice(range.first - 1, range.last);
  const builds = flags.before === undefined ? [THIS_BUILD] : [resolve(flags.before, 'dist'), THIS_BUILD];
  const extractors = await Promise.all(builds.map(extractorOf));
  const rounds = Number(flags.rounds ?? 2);
  const lines = ['| build | round | CPU ms a turn | turns | observations |', '|---|---:|---:|---:|---:|'];
  const drawn: string[] = [];
  for (let round = 1; round <= rounds; round += 1)
    for (const [index, extract] of extractors.entries()) {
      const run = await timeExtraction(extract, conversations);
      drawn[index] = run.observations;
      const name = index === extractors.length - 1 ? 'this build' : 'before';
      lines.push(`| ${name} | ${round} | ${run.cpuMsPerTurn.toFixed(2)} | ${run.turns} | ${run.count} |`);
    }
  console.log(lines.join('\n'));
  if (drawn.length === 2) console.log(`same observations: ${drawn[0] === drawn[1] ? 'yes' : 'no'}`);
}

async function extractorOf(build: string): Promise<Extract> {
  const module = await import(resolve(build, 'src/engine/learning/offline/extract-observations.js'));
  return module.extractObservations as Extract;
}

async function timeExtraction(extract: Extract, conversations: readonly Conversation[]) {
  const drafts: string[] = [];
  let turns = 0;
  const started = process.cpuUsage();
  for (const conversation of conversations)
    for (const session of conversation.sessions) {
      const messages: SpokenMessage[] = session.turns.map((turn) => ({
        id: turn.diaId,
        peer_id: turn.speaker,
        content: turn.text,
        created_at: session.startsAt.toISOString(),
      }));
      turns += messages.length;
      for (const speaker of conversation.speakers)
        for (const draft of await extract(speaker, messages)) drafts.push(JSON.stringify(draft));
    }
  const used = process.cpuUsage(started);
  return {
    cpuMsPerTurn: (used.user + used.system) / 1000 / turns,
    turns,
    count: drafts.length,
    observations: drafts.join('\n'),
  };
}

await runScript(main);
