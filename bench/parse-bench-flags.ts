import { type ParseArgsConfig, parseArgs } from 'node:util';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * A benchmark's flags, parsed strictly: a bad flag fails with the benchmark's usage, and --help
 * (or -h) prints the usage and exits.
 */
export function parseBenchFlags<const Options extends FlagOptions>(
  argv: readonly string[],
  options: Options,
  usage: string,
) {
  const config = {
    args: [...argv],
    options: { ...options, help: { type: 'boolean', short: 'h' } } as const,
    strict: true,
  } as const;
  let values: ReturnType<typeof parseArgs<typeof config>>['values'];
  try {
    ({ values } = parseArgs(config));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
