/**
 * `JSON.stringify(value, null, 2)` for a value `JSON.parse` made, or undefined when that text
 * would pass `maxChars`, found before any of it is written. The indentation grows with the depth,
 * so 4.4 KB of nested brackets became 9.7 million characters; the length is the compact text's
 * plus each member's line end and indentation, counted on an explicit stack without writing a
 * string (writing 4 million characters piece by piece took a second). The value must nest no
 * deeper than `JSON.stringify` recurses safely: callers check `LIMITS.documentDepth` first.
 */
export function prettyJson(value: unknown, maxChars: number): string | undefined {
  const compact = JSON.stringify(value).length;
  if (compact > maxChars) return undefined;
  let length = compact;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, depth } = next;
    if (item === null || typeof item !== 'object') continue;
    const members = Array.isArray(item) ? item : Object.values(item);
    if (members.length === 0) continue;
    // Each member on its own line, one level in; the closing bracket on its own line; and in an
    // object a space after each colon.
    length += members.length * (1 + 2 * (depth + 1)) + 1 + 2 * depth;
    if (!Array.isArray(item)) length += members.length;
    if (length > maxChars) return undefined;
    for (const member of members) {
      if (member !== null && typeof member === 'object') pending.push({ value: member, depth: depth + 1 });
    }
  }
  return JSON.stringify(value, null, 2);
}
