/** A bad flag or variable: its message names it and says what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
