import { readdir, readFile } from 'node:fs/promises';
import { z } from 'zod';

/** What a memory must know after one conversation: the card it drew, its answers, its search. */
const Check = z.union([
  z.strictObject({
    card: z.string(),
    has: z.array(z.string()).optional(),
    lacks: z.array(z.string()).optional(),
  }),
  /** `expect`: each string must be in the answer (a null among them allows no answer too); null: no answer. */
  z.strictObject({
    ask: z.string(),
    query: z.string(),
    expect: z.array(z.string().nullable()).nullable(),
    reject: z.array(z.string()).optional(),
  }),
  /** The message ranked first must hold one of `first`. */
  z.strictObject({ search: z.string(), first: z.array(z.string()).min(1) }),
]);
export type Check = z.infer<typeof Check>;

export const MEMORY_KINDS = ['life', 'project', 'support'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];
export const HALVES = ['tuning', 'held-out'] as const;
export type Half = (typeof HALVES)[number];

const Conversation = z.strictObject({
  name: z.string(),
  half: z.enum(HALVES),
  /** Why a conversation is tuning whatever the split rule says: rules were already written against it. */
  seen_before_split: z.string().optional(),
  messages: z.array(z.strictObject({ peer: z.string(), content: z.string(), created_at: z.iso.datetime() })),
  checks: z.array(Check).min(1),
});

const EvalFile = z.strictObject({
  about: z.string(),
  kind: z.enum(MEMORY_KINDS),
  conversations: z.array(Conversation),
});

export type EvalConversation = z.infer<typeof Conversation> & { kind: MemoryKind };

const FOLDER = new URL('../../test/fixtures/memory-eval/', import.meta.url);
// From dist/bench/eval/ once built, the fixtures are one folder further up.
const BUILT_FOLDER = new URL('../../../test/fixtures/memory-eval/', import.meta.url);

/**
 * The evaluation set of test/fixtures/memory-eval/: one file per kind of memory, its conversations
 * in the order they were written (the order the split rule reads them in).
 */
export async function loadMemoryEval(): Promise<EvalConversation[]> {
  const folder = await readdir(FOLDER).then(
    () => FOLDER,
    () => BUILT_FOLDER,
  );
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const conversations: EvalConversation[] = [];
  for (const name of names) {
    const parsed = EvalFile.safeParse(JSON.parse(await readFile(new URL(name, folder), 'utf8')));
    if (!parsed.success) {
      throw new Error(`test/fixtures/memory-eval/${name}: ${z.prettifyError(parsed.error)}`);
    }
    for (const conversation of parsed.data.conversations) {
      conversations.push({ ...conversation, kind: parsed.data.kind });
    }
  }
  return conversations;
}
