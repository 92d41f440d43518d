import type { z } from 'zod';
import type { SettingName } from '../settings.js';
import { describeSetting } from '../settings-flags.js';
import { ConfigError } from './config-error.js';

/**
 * The first issue zod found in the config, as one message naming the flag or variable the field
 * comes from and what it takes; never the value, which may be a secret.
 */
export function issueError(
  issue: z.core.$ZodIssue | undefined,
  command: string,
  sources: ReadonlyMap<string, SettingName>,
): ConfigError {
  const field = String(issue?.path[0] ?? 'arguments');
  if (field === 'command') return new ConfigError(`unknown command "${command}": run peermem --help`);
  if (
    field === 'payments' ||
    field === 'wallet' ||
    field === 'rateLimits' ||
    field === 'platformRateLimit' ||
    field === 'keys' ||
    field === 'platformUpstream' ||
    field === 'import'
  ) {
    const path = (issue?.path ?? []).map(String).join('.');
    const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
    return new ConfigError(`${sourceOf(path, sources)}: ${missing ? 'is required' : reason(issue)}`);
  }
  if (field === 'learning') {
    const path = (issue?.path ?? []).map(String).join('.');
    const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
    const why = missing ? 'is required for this reasoner or embedder' : reason(issue);
    return new ConfigError(`${sourceOf(path, sources)}: ${why}`);
  }
  const source = sources.get(field);
  return new ConfigError(`${source === undefined ? field : describeSetting(source)}: ${reason(issue)}`);
}

/**
 * An issue's reason in the words of the settings: zod's own wording ("expected number, received
 * NaN") becomes what is accepted; a message a schema gives is kept.
 */
function reason(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'is invalid';
  if (!/^(Invalid input|Too small|Too big)/.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return issue.expected === 'int' ? 'must be a whole number' : 'must be a number';
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
  return issue.message;
}

/** Where a nested field comes from, in the words of an error message. */
function sourceOf(path: string, sources: ReadonlyMap<string, SettingName>): string {
  if (path === 'payments.facilitator.url')
    return `${describeSetting('facilitator-url')}, or ${describeSetting('PEERMEM_FACILITATOR_PRIVATE_KEY')} for the built-in facilitator`;
  if (path === 'import.file') return 'FILE (peermem import FILE)';
  const setting = sources.get(path);
  return setting === undefined ? path.replace(/^learning\./, '') : describeSetting(setting);
}
