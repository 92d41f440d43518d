import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { prompts } from '../../prompts/index.js';
import type { MemoryPrompt } from '../../prompts/prompt.js';
import { resources } from '../../resources/index.js';
import type { MemoryResource } from '../../resources/resource.js';
import { tools } from '../../tools/index.js';
import type { MemoryTool, ToolContext } from '../../tools/tool.js';
import { Id } from '../schemas/common.js';
import { MemoryError } from '../service/errors.js';
import { VERSION } from '../version.js';
import { SERVER_INSTRUCTIONS } from './server-instructions.js';
import { toolErrorResult } from './tool-error-result.js';

/** Builds the MCP server over one memory: every tool, resource and prompt, and the usage instructions. */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: 'peermem', version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  for (const tool of tools) registerTool(server, tool, context);
  for (const resource of resources) registerResource(server, resource, context);
  for (const prompt of prompts) registerPrompt(server, prompt, context);
  return server;
}

function registerPrompt(server: McpServer, prompt: MemoryPrompt, context: ToolContext): void {
  server.registerPrompt(
    prompt.name,
    { title: prompt.title, description: prompt.description, argsSchema: prompt.argsSchema },
    async (args) => {
      try {
        return { description: prompt.description, messages: await prompt.messages(args, context) };
      } catch (error) {
        if (error instanceof MemoryError) {
          const text = [`${error.code}: ${error.message}`, error.hint].filter(Boolean).join(' ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, text);
        }
        console.error(`peermem: prompt ${prompt.name} failed:`, error);
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `prompt ${prompt.name} failed unexpectedly; try again`,
        );
      }
    },
  );
}

function registerTool(server: McpServer, tool: MemoryTool, context: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    },
    async (input) => {
      try {
        const output = await tool.handler(input, context);
        return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
      } catch (error) {
        return toolErrorResult(error, tool.name);
      }
    },
  );
}

function registerResource(server: McpServer, resource: MemoryResource, context: ToolContext): void {
  const metadata = { title: resource.title, description: resource.description, mimeType: resource.mimeType };
  const read = async (uri: URL, variables: Record<string, string | string[]>) => {
    const ids = resourceIds(variables);
    try {
      const text = await resource.read(ids, context);
      return { contents: [{ uri: uri.href, mimeType: resource.mimeType, text }] };
    } catch (error) {
      if (error instanceof MemoryError && error.code === 'not_found')
        throw new ResourceNotFoundError(uri.href);
      if (error instanceof MemoryError)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      console.error(`peermem: reading ${resource.name} failed:`, error);
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `reading ${uri.href} failed unexpectedly; try again`,
      );
    }
  };
  if ('uri' in resource) {
    server.registerResource(resource.name, resource.uri, metadata, (uri) => read(uri, {}));
    return;
  }
  const complete = Object.fromEntries(
    Object.entries(resource.complete).map(([name, completeVariable]) => [
      name,
      (prefix: string) => completeVariable(prefix, context),
    ]),
  );
  const template = new ResourceTemplate(resource.template, {
    list: async () => ({ resources: await resource.list(context) }),
    complete,
  });
  server.registerResource(resource.name, template, metadata, read);
}

/**
 * The ids a resource URI names: percent-decoded (an id may hold spaces or slashes) and checked as
 * the tools check them, so a malformed escape or an id no tool would accept is refused by name.
 */
function resourceIds(variables: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(String(value));
      } catch {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `${name}: not a valid percent-encoded id; encode it with encodeURIComponent`,
        );
      }
      const checked = Id.safeParse(decoded);
      if (!checked.success) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `${name}: ${checked.error.issues[0]?.message ?? 'not a valid id'}`,
        );
      }
      return [name, checked.data];
    }),
  );
}
