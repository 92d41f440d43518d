import { countTokens as countO200kTokens } from 'gpt-tokenizer/encoding/o200k_base';

// Text that merely contains "<|endoftext|>" is ordinary text here, not a control token.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens in `text` with the o200k_base encoding (GPT-4o and later). */
export function countTokens(text: string): number {
  return countO200kTokens(text, AS_PLAIN_TEXT);
}
