import type { Setting } from '../settings-shape.js';

/** The settings of where the memory lives and which workspace a call uses (the group shown under "Memory" in `--help`). */
export const MEMORY_SETTINGS = {
  workspace: {
    flag: true,
    value: 'NAME',
    env: 'PEERMEM_WORKSPACE',
    default: 'default',
    commands: [],
    group: 'Memory',
    help: 'the memory every call uses',
  },
  'workspace-from-dir': {
    flag: true,
    value: 'DIR',
    env: 'PEERMEM_WORKSPACE_FROM_DIR',
    commands: [],
    group: 'Memory',
    help: 'one workspace per project folder, named after DIR ("." is the current folder)',
  },
  'data-dir': {
    flag: true,
    value: 'DIR',
    env: 'PEERMEM_DATA_DIR',
    defaultText:
      'user data folder (`$XDG_DATA_HOME/peermem`, `~/Library/Application Support/peermem`, `%LOCALAPPDATA%\\peermem\\Data`)',
    commands: [],
    group: 'Memory',
    help: 'where the embedded database lives',
  },
  'database-url': {
    flag: true,
    value: 'URL',
    env: 'DATABASE_URL',
    commands: [],
    group: 'Memory',
    help: 'a Postgres server instead of PGlite',
  },
  'context-tokens': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_CONTEXT_TOKENS',
    default: '8192',
    commands: [],
    group: 'Memory',
    help: '`get_context` budget when none is given',
  },
} as const satisfies Record<string, Setting>;
