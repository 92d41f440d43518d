import type { GetPromptResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ToolContext } from '../tools/tool.js';

/**
 * One MCP prompt: plain data plus a function that writes its messages. A prompt gives the user a
 * ready way to drive the memory; what it embeds from memory is read through the same service as
 * the tools.
 */
export type MemoryPrompt<Args extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  argsSchema: Args;
  messages(args: z.infer<Args>, context: ToolContext): Promise<GetPromptResult['messages']>;
};

/** Checks a prompt's function against its own schema, then erases it for the registry. */
export function definePrompt<Args extends z.ZodObject>(prompt: MemoryPrompt<Args>): MemoryPrompt {
  return prompt as unknown as MemoryPrompt;
}

/** A user message of plain text. */
export const userText = (text: string): GetPromptResult['messages'][number] => ({
  role: 'user',
  content: { type: 'text', text },
});
