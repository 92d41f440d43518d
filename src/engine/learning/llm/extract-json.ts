/**
 * The JSON value in a model's reply, for models that wrap it in prose or a code fence: the whole
 * reply if it parses, else the first fenced block that parses, else the first balanced `{...}`
 * block that parses. `undefined` when there is none.
 */
export function extractJson(reply: string): unknown {
  const candidates = [reply, ...fencedBlocks(reply)];
  for (const candidate of candidates) {
    const value = parseJson(candidate);
    if (value !== undefined) return value;
  }
  for (const candidate of candidates) {
    const value = firstBalancedObject(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
}

function fencedBlocks(text: string): string[] {
  return [...text.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}

/**
 * Braces inside JSON strings do not count. A block that does not close or is not valid JSON (a
 * stray brace in the prose) moves the search on to the next `{`.
 */
function firstBalancedObject(text: string): unknown {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    const value = end === -1 ? undefined : parseJson(text.slice(start, end + 1));
    if (value !== undefined) return value;
  }
  return undefined;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}
