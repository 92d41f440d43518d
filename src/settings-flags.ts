import { SETTINGS, type SettingName } from './settings.js';
import type { Setting } from './settings-shape.js';

/** The settings that are flags (the others come from the environment only). */
type FlagName = {
  [Name in SettingName]: (typeof SETTINGS)[Name] extends { flag: true } ? Name : never;
}[SettingName];

/** Every setting with its name, in the order of the table. */
export const settingEntries = Object.entries(SETTINGS) as [SettingName, Setting][];

/** How a setting is named in a message: `--port (PEERMEM_PORT)`, `--once` or `PEERMEM_PRIVATE_KEY`. */
export function describeSetting(name: SettingName): string {
  const setting: Setting = SETTINGS[name];
  if (!setting.flag) return setting.env ?? name;
  return setting.env === undefined ? `--${name}` : `--${name} (${setting.env})`;
}

/** The flags, as node's `parseArgs` takes them. */
export function parseArgsOptions() {
  return Object.fromEntries(
    settingEntries
      .filter(([, setting]) => setting.flag)
      .map(([name, setting]) => [
        name,
        {
          type: setting.value === undefined ? 'boolean' : 'string',
          ...(setting.short === undefined ? {} : { short: setting.short }),
        },
      ]),
  ) as {
    [Name in FlagName]: { type: (typeof SETTINGS)[Name] extends { value: string } ? 'string' : 'boolean' };
  };
}

/** The flag names, for suggesting the one meant by a mistyped flag. */
export const flagNames = () => settingEntries.filter(([, setting]) => setting.flag).map(([name]) => name);

/** The flag with this long or short name, if there is one. */
export const findFlag = (name: string): SettingName | undefined =>
  settingEntries.find(([long, setting]) => setting.flag && (long === name || setting.short === name))?.[0];
