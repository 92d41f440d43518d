/** The heading a setting is listed under in `peermem --help`, in this order. */
export const GROUPS = [
  'Memory',
  'Learning',
  'HTTP',
  'Platform API (serve)',
  'Gateway (serve)',
  'Remote mode (mcp --upstream, call, wallet)',
  'Commands',
] as const;

/**
 * One setting: a flag, an environment variable, or both. `value` names what a flag takes (a
 * flag without one is a switch); `default` is the literal value used when neither is given, and
 * `defaultText` says what it is when it is worked out at start-up. `commands` are the commands
 * that read it (`remote` is `peermem mcp --upstream`); none means every command that opens the
 * memory. `help` is one line, without the variable or the default: those are added from here.
 */
export type Setting = {
  readonly flag?: boolean;
  readonly short?: string;
  readonly value?: string;
  readonly env?: string;
  readonly default?: string;
  readonly defaultText?: string;
  readonly commands: readonly string[];
  readonly group: (typeof GROUPS)[number];
  readonly help: string;
};
