import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseDiaIds } from './parse-dia-ids.js';
import { parseSessionDate } from './parse-session-date.js';

/** The file the benchmark was written against (see ../shared/bench/README.md). */
export const LOCOMO_SHA256 = '79fa87e90f04081343b8c8debecb80a9a6842b76a7aa537dc9fdf651ea698ff4';

const RawTurn = z.object({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
  blip_caption: z.string().optional(),
});

const RawSample = z.object({
  sample_id: z.string(),
  conversation: z.object({ speaker_a: z.string(), speaker_b: z.string() }).catchall(z.unknown()),
  qa: z.array(
    z.object({
      question: z.string(),
      // Adversarial questions (category 5) hold `adversarial_answer` instead.
      answer: z.union([z.string(), z.number()]).optional(),
      evidence: z.array(z.string()),
      category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    }),
  ),
  observation: z.record(
    z.string(),
    z.record(z.string(), z.array(z.tuple([z.string(), z.union([z.string(), z.array(z.string())])]))),
  ),
});

export type Category = 1 | 2 | 3 | 4 | 5;

/** One turn as it is stored: a shared image is described by its caption, the only trace of it. */
type Turn = { diaId: string; speaker: string; text: string };
type LocomoSession = { id: string; startsAt: Date; turns: Turn[] };
export type Question = {
  question: string;
  answer: string | null;
  category: Category;
  /** The turns that answer it; evidence naming no turn is in `unknownEvidence`. */
  evidence: string[];
  unknownEvidence: string[];
};
/** A fact the dataset's authors extracted about a speaker, with the turns it came from. */
type ReferenceFact = { speaker: string; text: string; diaIds: string[] };
export type Conversation = {
  id: string;
  speakers: [string, string];
  sessions: LocomoSession[];
  questions: Question[];
  facts: ReferenceFact[];
};
export type Locomo = { conversations: Conversation[]; sha256: string };

/** Reads and checks locomo10.json; a missing file gets a message saying where to find it. */
export async function loadLocomo(path: string): Promise<Locomo> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `LoCoMo dataset not found at ${path}.\n` +
        'Download data/locomo10.json from the LoCoMo benchmark repository, https://github.com/snap-research/locomo ' +
        '(CC BY-NC 4.0), to ../shared/bench/locomo10.json beside the project, or set LOCOMO_PATH to where it is. ' +
        'Do not copy it into the project.',
    );
  }
  const samples = z.array(RawSample).parse(JSON.parse(bytes.toString('utf8')));
  return {
    conversations: samples.map(toConversation),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

function toConversation(sample: z.infer<typeof RawSample>): Conversation {
  const { conversation } = sample;
  // Only list-valued session_<n> keys are sessions: conv-26 has dates without sessions.
  const sessions = Object.entries(conversation)
    .flatMap(([key, value]) => {
      const number = /^session_(\d+)$/.exec(key)?.[1];
      return number !== undefined && Array.isArray(value) ? [{ number: Number(number), key, value }] : [];
    })
    .sort((a, b) => a.number - b.number)
    .map(({ key, value }) => ({
      id: key,
      startsAt: parseSessionDate(z.string().parse(conversation[`${key}_date_time`])),
      turns: z
        .array(RawTurn)
        .parse(value)
        .map((turn) => ({
          diaId: turn.dia_id,
          speaker: turn.speaker,
          text: turn.blip_caption ? `${turn.text} [shared an image: ${turn.blip_caption}]` : turn.text,
        })),
    }));
  const turnIds = new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.diaId)));
  const questions = sample.qa.map((qa) => {
    const ids = parseDiaIds(qa.evidence);
    return {
      question: qa.question,
      answer: qa.answer === undefined ? null : String(qa.answer),
      category: qa.category,
      evidence: [...new Set(ids.filter((id) => turnIds.has(id)))],
      unknownEvidence: ids.filter((id) => !turnIds.has(id)),
    };
  });
  const facts = Object.values(sample.observation).flatMap((bySpeaker) =>
    Object.entries(bySpeaker).flatMap(([speaker, facts]) =>
      facts.map(([text, references]) => ({
        speaker,
        text,
        diaIds: parseDiaIds(references).filter((id) => turnIds.has(id)),
      })),
    ),
  );
  return {
    id: sample.sample_id,
    speakers: [conversation.speaker_a, conversation.speaker_b],
    sessions,
    questions,
    facts,
  };
}
