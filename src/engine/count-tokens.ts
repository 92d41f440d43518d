// The encoder's tables take a few hundred milliseconds to load: start at once, in the
// background, so neither the MCP handshake nor the first message waits for all of it.
const encoder = import('gpt-tokenizer/encoding/o200k_base');

// Text that merely contains "<|endoftext|>" is ordinary text here, not a control token.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Counts the tokens of each text with the o200k_base encoding (GPT-4o and later). */
export async function countTokens(texts: readonly string[]): Promise<number[]> {
  const { countTokens: count } = await encoder;
  return texts.map((text) => count(text, AS_PLAIN_TEXT));
}
