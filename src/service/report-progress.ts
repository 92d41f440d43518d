/**
 * Tells the caller how far a long piece of work has come: `done` of `total`, and what is happening.
 * Declared beside the service, not in the MCP server, so that a tool can be handed one without
 * depending on the layer that registers it.
 */
export type ReportProgress = (done: number, total: number, message: string) => Promise<void>;
