// What opens a question: a question word, or a verb asked with ("can you…", "is it…", "do we…"),
// perhaps after a word that links it to what came before ("and", "so", "but").
const ASKS =
  /^(?:(?:and|so|but|also|or|then|ok|okay|btw|oh)[,!]?\s+)*(?:how|what|what's|whats|when|where|where's|why|who|who's|whose|whom|which|can|can't|could|would|will|won't|is|isn't|are|aren't|was|were|do|does|did|don't|doesn't|didn't|have|has|had|should|shall|may|might|any|anyone|anything|is there)\b/i;
// A tag that asks to be told yes: "…to monthly, right?" asks, and tells nothing until answered.
const TAG = /^(?:right|correct|yes|no|ok|okay|yeah|isn't it|is it)$/i;

// Where a sentence may turn from what it tells to what it asks: after a comma or a dash, or
// before "but", "so" or "and".
const TURN = /(?:[,;]|\s[-–—])\s+|\s+(?=(?:but|so|and)\s)/g;

// Fewer words than this before the question tell nothing: "quick one, can you help?", "hi all,
// any news?".
const STATEMENT_MIN_WORDS = 4;

/**
 * What a sentence that ends in "?" tells before it asks: chat puts both in one sentence. "hi, I'm
 * on the Pro plan (annual) but we're only 2 people using it, can I downgrade?" tells the plan,
 * and "just got a text saying delivery is now 2 April??", which asks nothing, tells it all.
 * Null for a sentence that only asks ("Can you confirm the address is still 22 Harrow Lane?").
 */
export function statedBeforeQuestion(sentence: string): string | null {
  const text = sentence.replaceAll('’', "'").trim();
  if (!text.endsWith('?')) return null;
  const said = text.replace(/[?!]+$/, '').trim();
  if (ASKS.test(said.replace(/^(?:hi|hello|hey|morning|thanks)\b[^,]*,\s*/i, ''))) return null;
  for (const turn of said.matchAll(TURN)) {
    const before = said.slice(0, turn.index).trim();
    const asked = said.slice(turn.index + turn[0].length);
    if (TAG.test(asked)) return null;
    if (ASKS.test(asked)) return enough(before);
  }
  // A sentence that asks nothing ("delivery is now 2 April??") tells what it says.
  return enough(said);
}

/** A statement long enough to tell something, or null. */
function enough(statement: string): string | null {
  return statement.split(/\s+/).length >= STATEMENT_MIN_WORDS ? statement : null;
}
