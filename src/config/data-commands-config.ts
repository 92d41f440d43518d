import { defaultOf } from './parse-flags.js';
import type { From } from './setting-value.js';

/** `keys`: the scope, label and expiry of a key to create. */
export function keysSettings(from: From) {
  return {
    peer: from('peer'),
    session: from('session'),
    organization: from('org'),
    member: from('member'),
    name: from('name'),
    expiresAt: from('expires-at'),
  };
}

/** `import`: the chat history file, its format, and the session and peers it is written to. */
export function importSettings(from: From, file: string | undefined) {
  return {
    file,
    format: from('format', (format) => format ?? defaultOf('format')),
    session: from('session'),
    userPeer: from('user-peer'),
    assistantPeer: from('assistant-peer'),
  };
}
