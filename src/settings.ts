import { COMMAND_SETTINGS } from './settings/commands-settings.js';
import { GATEWAY_SETTINGS } from './settings/gateway-settings.js';
import { HTTP_SETTINGS } from './settings/http-settings.js';
import { LEARNING_SETTINGS } from './settings/learning-settings.js';
import { MEMORY_SETTINGS } from './settings/memory-settings.js';
import { PLATFORM_SETTINGS } from './settings/platform-settings.js';
import { REMOTE_SETTINGS } from './settings/remote-settings.js';

/**
 * Every setting, keyed by its flag (without `--`) or, for one read from the environment only, by
 * its variable. The parser, the error messages, `peermem --help` and docs/configuration.md are
 * made from this table; the rest of the config code names settings by these keys.
 */
export const SETTINGS = {
  ...MEMORY_SETTINGS,
  ...LEARNING_SETTINGS,
  ...HTTP_SETTINGS,
  ...PLATFORM_SETTINGS,
  ...GATEWAY_SETTINGS,
  ...REMOTE_SETTINGS,
  ...COMMAND_SETTINGS,
} as const;

export type SettingName = keyof typeof SETTINGS;
