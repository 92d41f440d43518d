import type { z } from 'zod';
import type { MemoryService } from '../src/service/memory-service.js';
import type { ReportProgress } from '../src/service/report-progress.js';

/**
 * What a tool handler may use: the memory, never a database or an HTTP client; and, when the
 * client asked for progress on this call, how to report it.
 */
export type ToolContext = {
  memory: MemoryService;
  progress?: ReportProgress;
  /**
   * The client may be on another machine (MCP over HTTP on an address other than loopback): then
   * no tool reads this machine's files, which are not that client's to read.
   */
  remoteClient?: boolean;
};

/** Behaviour hints for clients deciding what needs the user's confirmation. */
export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};

/** One MCP tool: plain data plus a handler that calls exactly one memory operation. */
export type MemoryTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  annotations: ToolAnnotations;
  /**
   * What the tool needs to do anything, when not every server has it: `payments`, a wallet that
   * pays an upstream (remote mode); `local-files`, a client on the server's own machine. A server
   * without it does not list the tool, whose description would cost every conversation for nothing.
   */
  needs?: 'payments' | 'local-files';
  /**
   * The `ui://` resource a host that renders MCP Apps views shows with this tool's answer
   * (`_meta.ui.resourceUri`); other hosts show the answer's text as for any tool.
   */
  view?: string;
  handler(input: z.infer<Input>, context: ToolContext): Promise<z.infer<Output>>;
};

/** Checks a tool's handler against its own schemas, then erases them for the registry. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: MemoryTool<Input, Output>,
): MemoryTool {
  return tool as unknown as MemoryTool;
}

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
