/**
 * Runs a benchmark script's main function: on failure the error's message alone (no stack), exit 1;
 * when it is done the process exits with the code main set, so a handle left open (a pool, a timer)
 * does not keep a finished run waiting.
 */
export async function runScript(main: () => Promise<void>): Promise<never> {
  try {
    await main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  process.exit(process.exitCode ?? 0);
}
