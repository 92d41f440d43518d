/** Waits for a signal (or, over stdio, for the client to hang up), then shuts down once. */
export function stopOnExit(shutdown: () => Promise<void>, options: { onStdinClose: boolean }): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      shutdown()
        .catch((error: Error) => console.error(`peermem: shutdown: ${error.message}`))
        .finally(resolve);
    };
    if (options.onStdinClose) {
      process.stdin.once('end', stop);
      process.stdin.once('close', stop);
    }
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
