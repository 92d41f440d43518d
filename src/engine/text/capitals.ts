/** The text with its first letter a capital: "alice" is "Alice", "iPhone" "IPhone". */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A word written as a label or a name is: "BROTHER" and "brother" are "Brother". */
export function capitalised(word: string): string {
  return upperFirst(word.toLowerCase());
}
