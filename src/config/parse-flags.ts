import { readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';
import { SETTINGS, type SettingName } from '../settings.js';
import { describeSetting, findFlag, flagNames, parseArgsOptions } from '../settings-flags.js';
import { ConfigError } from './config-error.js';

/** KEY=value lines (as `peermem devnet` prints them); variables already set win over the file. */
export function readEnvFile(path: string): NodeJS.ProcessEnv {
  try {
    return parseEnv(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `--env-file: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
}

export function parseFlags(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: parseArgsOptions(), allowPositionals: true, strict: true });
}

/** A setting's value from its flag, else from its variable; its default is left to the caller. */
export type Pick = (name: SettingName) => string | boolean | undefined;

/** The literal default the settings table gives a setting. */
export function defaultOf(name: SettingName): string | undefined {
  const setting = SETTINGS[name];
  return 'default' in setting ? setting.default : undefined;
}

/**
 * Node's parser's complaint as one line naming the flag, its variable and what it takes. Its own
 * wording suggests a quoted positional with an unbalanced quote.
 */
export function flagError(error: Error & { code?: string }): ConfigError {
  const flag = /'(-{1,2}[^'\s=]+)/.exec(error.message)?.[1] ?? '';
  const name = flag.replace(/^-+/, '');
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = nearestFlag(name);
    return new ConfigError(
      `${flag}: unknown flag${near ? ` (did you mean ${describeSetting(near)}?)` : ''}; run peermem --help for the flags`,
    );
  }
  const known = findFlag(name);
  const setting = known ? describeSetting(known) : flag;
  if (error.message.includes('does not take an argument'))
    return new ConfigError(`${setting}: is a switch and takes no value; leave the value out`);
  if (error.message.includes('ambiguous'))
    return new ConfigError(`${setting}: needs a value; write a value that starts with "-" as ${flag}=VALUE`);
  if (error.message.includes('argument missing')) return new ConfigError(`${setting}: needs a value`);
  return new ConfigError(`${setting || 'arguments'}: ${error.message.split('\n')[0]}`);
}

/** The known flag one or two edits away from a mistyped one, if there is one. */
function nearestFlag(name: string): SettingName | undefined {
  let best: { flag: SettingName; distance: number } | undefined;
  for (const flag of flagNames()) {
    const distance = editDistance(name, flag);
    if (distance <= 2 && (!best || distance < best.distance)) best = { flag, distance };
  }
  return best?.flag;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

const ON = ['on', 'true', '1', 'yes'];
const OFF = ['off', 'false', '0', 'no'];

/** A switch from its flag or variable: on or off in any of the usual spellings, and nothing else. */
export function onOff(
  name: 'http' | 'deriver' | 'PEERMEM_WEBHOOK_ALLOW_PRIVATE' | 'PEERMEM_OAUTH_LOOPBACK_CLIENTS',
  value: string | boolean | undefined,
): boolean {
  if (value === undefined || value === '') return defaultOf(name) === 'on';
  if (value === true) return true;
  const word = String(value).toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  throw new ConfigError(
    `${describeSetting(name)}: must be on or off (or true/false, yes/no, 1/0), not "${value}"`,
  );
}
