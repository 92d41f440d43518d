import type { SettingName } from '../settings.js';
import type { Pick } from './parse-flags.js';

/**
 * A field of the config's input with the setting it was read from. The builders mark the fields
 * they read, so that an error names the flag or variable to fix without a second table saying
 * where each field comes from; the marks are taken off before the config is checked.
 */
export class SettingValue {
  constructor(
    readonly setting: SettingName,
    readonly value: unknown,
  ) {}
}

/** Reads a setting into one field: `how` makes the field's value from the setting's (as is by default). */
export type From = (
  name: SettingName,
  how?: (value: string | boolean | undefined) => unknown,
) => SettingValue;

export const fromSettings =
  (pick: Pick): From =>
  (name, how = (value) => value) =>
    new SettingValue(name, how(pick(name)));

/** The input with its marks taken off, and the setting each marked field (by dotted path) was read from. */
export function takeOffMarks(input: Record<string, unknown>) {
  const sources = new Map<string, SettingName>();
  const unmark = (value: unknown, path: string): unknown => {
    if (value instanceof SettingValue) {
      sources.set(path, value.setting);
      return value.value;
    }
    if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
      return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, unmark(field, path === '' ? key : `${path}.${key}`)]),
    );
  };
  return { input: unmark(input, ''), sources };
}
