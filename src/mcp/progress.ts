import type { ServerContext } from '@modelcontextprotocol/server';
import type { ReportProgress } from '../service/report-progress.js';

type ProgressUpdate = { progress: number; total: number; message: string };

/**
 * A progress reporter that sends at most one update per `intervalMs`, besides the first and the
 * last (`done === total`), so a loop may report every step without flooding the client. Also for
 * work outside MCP (an import's progress bar) that wants the same pacing.
 */
export function throttledProgress(
  send: (update: ProgressUpdate) => Promise<void>,
  intervalMs = 250,
): ReportProgress {
  let lastSent = Number.NEGATIVE_INFINITY;
  let lastDone = Number.NEGATIVE_INFINITY;
  return async (done, total, message) => {
    const now = performance.now();
    const final = done >= total;
    // Progress must increase with each notification; a repeat or a step back is dropped.
    if (done <= lastDone || (!final && now - lastSent < intervalMs)) return;
    lastSent = now;
    lastDone = done;
    await send({ progress: done, total, message });
  };
}

/**
 * The progress reporter of one MCP request: `notifications/progress` for the token the client sent,
 * or undefined when it sent none (the client asked for no progress).
 */
export function requestProgress(ctx: ServerContext): ReportProgress | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return throttledProgress((update) =>
    ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, ...update } }),
  );
}
