import { describe, expect, it } from 'vitest';
import { extractJson } from '../../../../src/engine/learning/llm/extract-json.js';

describe('extractJson', () => {
  it('takes a reply that is JSON as it is', () => {
    expect(extractJson(' {"a": [1, 2]} ')).toEqual({ a: [1, 2] });
  });

  it('takes the content of a code fence', () => {
    expect(extractJson('Here:\n```json\n{"a": 1}\n```\nDone.')).toEqual({ a: 1 });
    expect(extractJson('```\n{"a": 2}```')).toEqual({ a: 2 });
  });

  it('finds the first balanced object in prose, ignoring braces inside strings', () => {
    expect(extractJson('The answer is {"text": "a } and a {", "n": {"m": 1}} as asked.')).toEqual({
      text: 'a } and a {',
      n: { m: 1 },
    });
    expect(extractJson('Escaped: {"quote": "she said \\"hi}\\""} ok')).toEqual({ quote: 'she said "hi}"' });
  });

  it('skips a stray brace in the prose before the object', () => {
    expect(extractJson('Use {curly} braces, then { as in {"a": 1}')).toEqual({ a: 1 });
  });

  it('finds nothing when there is no JSON object', () => {
    expect(extractJson('No JSON here.')).toBeUndefined();
    expect(extractJson('{"a": 1')).toBeUndefined();
  });
});
