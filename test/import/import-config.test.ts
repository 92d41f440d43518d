import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (...argv: string[]) => loadConfig(argv, {});

describe('peermem import settings', () => {
  it('the file, its format (auto by default), the session and the peers', () => {
    expect(load('import', 'conversations.json').import).toEqual({
      file: 'conversations.json',
      format: 'auto',
    });
    expect(
      load(
        'import',
        'chat.txt',
        '--format',
        'text',
        '--session',
        'standup',
        '--user-peer',
        'ada',
        '--assistant-peer',
        'bot',
      ).import,
    ).toEqual({
      file: 'chat.txt',
      format: 'text',
      session: 'standup',
      userPeer: 'ada',
      assistantPeer: 'bot',
    });
    expect(load('status').import).toBeUndefined();
  });

  it.each([
    [['import'], 'FILE (peermem import FILE): is required'],
    [['import', 'x.json', '--format', 'xml'], '--format: must be auto, jsonl, chatgpt, claude or text'],
    [['import', 'x.json', '--session', ''], '--session: must not be empty'],
    [['import', 'x.json', '--user-peer', 'p'.repeat(300)], '--user-peer: must be at most 256 characters'],
  ])('%j is refused in one line naming the setting', (argv, message) => {
    expect(() => load(...argv)).toThrow(new ConfigError(message));
  });
});
