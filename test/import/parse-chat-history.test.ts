import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitContent } from '../../src/import/chat-history.js';
import { detectFormat, parseChatHistory } from '../../src/import/parse-chat-history.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { MemoryError } from '../../src/service/errors.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';

const fixture = (name: string) => readFileSync(join(PROJECT_ROOT, 'test/fixtures/import', name), 'utf8');

/** The file as sessions of `peer: content` lines, the shape a reader checks by eye. */
function read(name: string, options: { session?: string; userPeer?: string } = {}) {
  const { sessions } = parseChatHistory(fixture(name), { fileName: name, format: 'auto', ...options });
  return sessions.map((session) => ({
    id: session.id,
    lines: session.messages.map((message) => `${message.peer}: ${message.content}`),
    times: session.messages.map((message) => message.created_at),
  }));
}

/** The one-line error a bad file gets. */
function errorOf(
  content: string,
  fileName: string,
  format: 'auto' | 'jsonl' | 'chatgpt' | 'claude' | 'text' = 'auto',
) {
  try {
    parseChatHistory(content, { fileName, format });
  } catch (error) {
    expect(error).toBeInstanceOf(MemoryError);
    expect((error as MemoryError).code).toBe('invalid_input');
    return (error as MemoryError).message;
  }
  throw new Error('no error');
}

describe('JSONL', () => {
  it('reads peer, content and created_at (kept in UTC), and a line may name its own session', () => {
    const [chat, visit] = read('team-chat.jsonl');
    expect(chat?.id).toBe('team-chat');
    expect(chat?.lines).toEqual([
      'maya: Morning! Did the greenhouse sensors report overnight?',
      'tomas: They did. Bed three dropped to 4 °C around 3 am, the heater kicked in at 3:10.',
      "maya: I'd like the alert threshold at 5 °C from now on.".replace('I', 'Good. I'),
      'tomas: Changed. I also moved the seedlings off bed three until the new insulation arrives.',
    ]);
    expect(chat?.times).toEqual([
      '2025-03-04T07:58:12.000Z',
      '2025-03-04T08:01:40.000Z',
      '2025-03-04T07:02:05.000Z',
      '2025-03-04T08:15:00.000Z',
    ]);
    expect(visit).toMatchObject({
      id: 'supplier-visit',
      lines: ['maya: Reminder for Friday: the supplier visit is at 14:00.'],
    });
  });

  it('keeps metadata, and --session names the session of lines that name none', () => {
    const { sessions } = parseChatHistory(fixture('team-chat.jsonl'), {
      fileName: 'team-chat.jsonl',
      format: 'jsonl',
      session: 'greenhouse',
    });
    expect(sessions.map((session) => session.id)).toEqual(['greenhouse', 'supplier-visit']);
    expect(sessions[0]?.messages[2]).toMatchObject({ metadata: { channel: 'ops' }, source: 'line 4' });
  });

  it.each([
    [
      '{"peer": "a", "content": "hi"}\n{"peer": "b"}\n',
      'line 2: content: is required, a string: the message text',
    ],
    ['{"peer": "a", "content": ""}', 'line 1: content: must not be empty'],
    ['{"peer": "a", "content": "hi", "role": "user"}', 'line 1: unknown field "role"'],
    ['{"peer": "a", "content": "hi"}\n{"peer": "a", "content": "hi"', 'line 2: not JSON'],
    [
      '{"peer": "a", "content": "hi", "created_at": "yesterday"}',
      'line 1: created_at "yesterday" is not a time',
    ],
    ['{"peer": "a", "content": "hi", "created_at": "2025-03-04T08:00:00"}', 'with a time zone'],
    ['["peer", "content"]', 'line 1: must be a JSON object'],
    [`{"peer": "${'p'.repeat(300)}", "content": "hi"}`, 'line 1: peer: must be at most 256 characters'],
  ])('a bad line gets one line naming it: %s', (content, message) => {
    expect(errorOf(content, 'chat.jsonl')).toContain(message);
  });
});

describe('ChatGPT export', () => {
  it('one session per conversation, the branch the user saw last, text only, with its times', () => {
    const sessions = read('chatgpt/conversations.json', { userPeer: 'sam' });
    expect(sessions.map((session) => session.id)).toEqual([
      'chatgpt-6a1f0c2e-0001-4a7b-9a55-3f2d1c000001',
      'chatgpt-6a1f0c2e-0002-4a7b-9a55-3f2d1c000002',
    ]);
    expect(sessions[0]?.lines).toEqual([
      'sam: My starter smells like nail polish. Is it dead?',
      'chatgpt: Not dead, just hungry. The acetone smell means it ran out of food: feed it twice a day for a few days.',
      'sam: Here it is after two feedings.',
      'chatgpt: Those bubbles look lively. Bake with it when it doubles within six hours.',
    ]);
    expect(sessions[0]?.times[0]).toBe('2024-05-01T08:00:01.500Z');
  });

  it('--session is the prefix of the sessions', () => {
    const { sessions } = parseChatHistory(fixture('chatgpt/conversations.json'), {
      fileName: 'conversations.json',
      format: 'chatgpt',
      session: 'gpt',
      assistantPeer: 'assistant',
    });
    expect(sessions[1]?.id).toBe('gpt-6a1f0c2e-0002-4a7b-9a55-3f2d1c000002');
    expect(sessions[1]?.messages[1]?.peer).toBe('assistant');
  });

  it.each([
    ['[{"id": "c1", "mapping": 3}]', 'conversation 1: mapping: '],
    ['[{"mapping": {}}]', 'conversation 1: has no conversation_id or id'],
    ['[{"id": "c1", "current_node": "x", "mapping": {}}]', 'conversation 1: the message tree names node "x"'],
    [
      '[{"id": "c1", "current_node": "n", "mapping": {"n": {"parent": null, "message": {"author": {}, "content": {}}}}}]',
      'conversation 1, message n: author.role: ',
    ],
    [
      '[{"id": "c1", "mapping": {}},\n {"id" 3}]',
      "line 2, column 8: not JSON: Expected ':' after property name",
    ],
    ['[{"id": "c1", "mapping": {}},\n {"id": ', 'file: is not JSON: it ends before the JSON does'],
  ])('a bad export gets one line naming the entry: %s', (content, message) => {
    expect(errorOf(content, 'conversations.json', 'chatgpt')).toContain(message);
  });
});

describe('claude.ai export', () => {
  it('one session per conversation, text blocks kept, thinking and attachments left out', () => {
    const sessions = read('claude/conversations.json');
    expect(sessions.map((session) => session.id)).toEqual([
      'claude-5c0e7a10-0001-4d2c-8f00-9e3b2a000001',
      'claude-5c0e7a10-0002-4d2c-8f00-9e3b2a000002',
    ]);
    expect(sessions[0]?.lines).toEqual([
      'user: My bike was stolen last week. What lock should I buy for the new one?',
      'claude: Sorry about your bike. A hardened steel U-lock through the frame and rear wheel stops most thieves.\n\nAdd a cable for the front wheel if it has a quick release.',
      'user: I park at the station every day, for about ten hours.',
    ]);
    expect(sessions[0]?.times).toEqual([
      '2025-02-10T18:04:22.600Z',
      '2025-02-10T18:04:31.101Z',
      '2025-02-10T18:06:02.000Z',
    ]);
  });

  it('a message without a sender is named by its conversation and position', () => {
    const content = '[{"uuid": "c", "chat_messages": [{"text": "hi", "sender": "human"}, {"text": "yo"}]}]';
    expect(errorOf(content, 'conversations.json')).toMatch(/^conversation 1, message 2: sender: /);
  });
});

describe('text and markdown transcripts', () => {
  it('"Name: text" lines begin messages; later lines and paragraphs belong to them; a title is skipped', () => {
    const [standup] = read('standup.md');
    expect(standup).toMatchObject({
      id: 'standup',
      lines: [
        'Priya: I finished the export screen. The CSV button now respects the date filter.\n\nThe PDF export is next; I expect it to take two days.',
        'Jonas: Thanks. Did you see the bug about time zones?',
        'Priya: Yes: dates were shown in UTC. Fixed in the same change, see https://example.org/change/412 for the diff.',
        "Jonas: Great. I'm on call this week, so ping me at 10:30 if the deploy fails.",
      ],
    });
    expect(standup?.times.every((time) => time === undefined)).toBe(true);
  });

  it('plain text, names of several words', () => {
    const [interview] = read('interview.txt', { session: 'bees' });
    expect(interview?.id).toBe('bees');
    expect(interview?.lines).toEqual([
      'Interviewer: How did you get into beekeeping?',
      'Rosa Delgado: My grandfather kept six hives behind his barn.\nI helped him every summer until I was fifteen.\n\nWhen he retired, he gave me two of them.',
      'Interviewer: What surprised you most?',
      'Rosa Delgado: How calm they are when you move slowly.',
    ]);
  });

  it.each([
    ['Some notes first\nAda: hi', 'line 1: expected a speaker line such as "Ada: Hello"'],
    ['Ada: hi\nBob:\n\nAda: bye', 'line 2: the message of "Bob" is empty'],
    ['# Only a title\n', 'file: holds no "Name: text" line'],
  ])('a transcript it cannot read: %s', (content, message) => {
    expect(errorOf(content, 'notes.md')).toContain(message);
  });
});

describe('formats', () => {
  it('auto tells them apart by the extension, then by the content', () => {
    expect(detectFormat(fixture('chatgpt/conversations.json'), 'conversations.json')).toBe('chatgpt');
    expect(detectFormat(fixture('claude/conversations.json'), 'conversations.json')).toBe('claude');
    expect(detectFormat(fixture('team-chat.jsonl'), 'export')).toBe('jsonl');
    expect(detectFormat('Ada: hi', 'log')).toBe('text');
    expect(detectFormat('{"peer": "a", "content": "b"}', 'x.md')).toBe('text');
    expect(errorOf('[{"foo": 1}]', 'data.json')).toContain('give --format');
  });
});

describe('long messages', () => {
  it(`are stored as parts of at most ${LIMITS.messageChars} characters, cut at a paragraph, with a notice`, () => {
    const paragraph = `${'word '.repeat(7_999)}end.`;
    const content = Array.from({ length: 5 }, () => paragraph).join('\n\n');
    const { sessions, notices } = parseChatHistory(JSON.stringify({ peer: 'ada', content }), {
      fileName: 'long.jsonl',
      format: 'auto',
    });
    const parts = sessions[0]?.messages.map((message) => message.content) ?? [];
    expect(parts).toHaveLength(3);
    expect(parts.every((part) => part.length <= LIMITS.messageChars)).toBe(true);
    expect(parts.join('')).toBe(content);
    expect(parts[0]?.endsWith('end.\n\n')).toBe(true);
    expect(notices).toEqual([
      `line 1: ${content.length} characters, more than 100000 in one message: stored as 3 messages`,
    ]);
  });

  it('never cut inside a surrogate pair', () => {
    const parts = splitContent('😀'.repeat(10), 5);
    expect(parts.join('')).toBe('😀'.repeat(10));
    expect(parts.every((part) => part.isWellFormed())).toBe(true);
  });
});
