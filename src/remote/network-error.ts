/** The system error code (ECONNREFUSED, ECONNRESET, ...) somewhere in an error's causes. */
export function networkCode(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== undefined) return code;
  }
  return undefined;
}

/** What went wrong reaching an upstream, in words an agent can act on. */
export function describeNetworkError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  const code = networkCode(error);
  return code === 'ECONNREFUSED'
    ? 'connection refused'
    : code !== undefined
      ? `network error ${code}`
      : 'network error';
}
