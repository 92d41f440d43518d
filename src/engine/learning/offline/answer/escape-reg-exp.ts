/** The text as a regular expression that matches it literally: a peer's name may hold "." or "+". */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
