/** The text of the `turn`th message of `writer`: the order checks read writer and turn back from it. */
export function writerMessage(writer: number, turn: number): string {
  return `writer ${writer} message ${turn}`;
}

/** What a session read back after concurrent writes shows: every count but `total` must be 0. */
export type SessionOrder = {
  total: number;
  /** Ids that appear twice. */
  duplicates: number;
  /** Acknowledged messages that are not there. */
  lost: number;
  /** Messages of one writer found before one it wrote earlier. */
  outOfOrder: number;
  /** Pages of another size, or read backwards, that do not give the same order. */
  inconsistentPages: number;
  /** How often the author changes from one message to the next: above the writer count, the writes overlapped. */
  interleavings: number;
};

/**
 * Checks a session's messages in the order the engine lists them: the engine's ordering contract
 * is one total order per session (a message's place is fixed when it is stored, and pages of any
 * size and direction cut that same order), each writer's messages in the order it wrote them,
 * and nothing acknowledged missing. `acknowledged[w]` is how many messages writer w got
 * acknowledged; `others` are the same session read with other page sizes and directions.
 */
export function checkSessionOrder(
  listed: readonly { id: string; content: string }[],
  acknowledged: readonly number[],
  others: readonly (readonly string[])[] = [],
): SessionOrder {
  const ids = listed.map((m) => m.id);
  const duplicates = ids.length - new Set(ids).size;
  let lost = 0;
  let outOfOrder = 0;
  acknowledged.forEach((count, writer) => {
    const turns = listed
      .map((m) => /^writer (\d+) message (\d+)$/.exec(m.content))
      .filter((match) => match !== null && Number(match[1]) === writer)
      .map((match) => Number(match?.[2]));
    const seen = new Set(turns);
    for (let turn = 0; turn < count; turn++) if (!seen.has(turn)) lost += 1;
    outOfOrder += turns.filter((turn, i) => i > 0 && turn < (turns[i - 1] ?? 0)).length;
  });
  const authors = listed.map((m) => m.content.split(' ')[1]);
  return {
    total: listed.length,
    duplicates,
    lost,
    outOfOrder,
    inconsistentPages: others.filter((order) => order.join(',') !== ids.join(',')).length,
    interleavings: authors.filter((author, i) => i > 0 && author !== authors[i - 1]).length,
  };
}
