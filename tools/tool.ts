import type { z } from 'zod';
import type { ReportProgress } from '../src/mcp/progress.js';
import type { MemoryService } from '../src/service/memory-service.js';

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
