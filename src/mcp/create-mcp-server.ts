import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  UriTemplate,
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
import { listedSchema } from './listed-schema.js';
import type { MemoryChange, MemoryWatch } from './memory-watch.js';
import { requestProgress } from './progress.js';
import { serverInstructions } from './server-instructions.js';
import { toolErrorResult, toolHint } from './tool-error-result.js';

/**
 * Change notifications: the watch that sees the memory change, and how they reach the client.
 * `connection`: this server holds one lasting connection (stdio) and sends them itself: to the
 * resources the client subscribed to, or on a `modern` (2026-07-28) connection to the SDK, which
 * sends each on the listen streams that name it. `request`: one server per HTTP request; the HTTP
 * app sends them on the client's `subscriptions/listen` streams, and this server only tells its writes.
 */
export type LiveUpdates = {
  watch: MemoryWatch;
  delivery: 'connection' | 'request';
  era?: 'legacy' | 'modern';
};

/**
 * Builds the MCP server over one memory: the tools chosen (all by default, less those that need
 * what this server lacks), every resource and prompt, and the usage instructions naming those tools.
 */
export function createMcpServer(
  context: ToolContext,
  live?: LiveUpdates,
  chosen: readonly MemoryTool[] = tools,
): McpServer {
  // A client on another machine has no file here to import.
  const listed = chosen.filter((tool) => !(context.remoteClient && tool.needs === 'local-files'));
  const server = new McpServer(
    { name: 'peermem', version: VERSION },
    {
      instructions: serverInstructions(new Set(listed.map((tool) => tool.name))),
      capabilities: {
        logging: {},
        resources: { subscribe: true, listChanged: true },
        // MCP Apps: get_peer_card names a view (ui://peermem/memory-view) that such hosts render.
        extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
      },
    },
  );
  for (const tool of listed) registerTool(server, tool, context, live?.watch);
  for (const resource of resources) registerResource(server, resource, context);
  for (const prompt of prompts) registerPrompt(server, prompt, context);
  answerUnknownResources(server, context);
  notifyChanges(server, live);
  return server;
}

/**
 * `resources/subscribe` and `unsubscribe`, and what the watch sees. On a lasting connection each
 * subscription is watched until unsubscribed or the connection ends, and the watch's changes are
 * sent: updates of the subscribed resources, list changes, and learning's log lines (filtered by
 * `logging/setLevel`). Over HTTP `resources/subscribe` is refused with the way to listen instead.
 */
function notifyChanges(server: McpServer, live: LiveUpdates | undefined): void {
  if (live?.delivery !== 'connection') {
    const refuse = async (): Promise<never> => {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'resources/subscribe needs a lasting connection: over HTTP open a subscriptions/listen stream (protocol 2026-07-28) naming the resources instead, or connect over stdio',
      );
    };
    server.server.setRequestHandler('resources/subscribe', refuse);
    server.server.setRequestHandler('resources/unsubscribe', refuse);
    return;
  }
  const { watch } = live;
  const subscribed = new Map<string, () => void>();
  server.server.setRequestHandler('resources/subscribe', async ({ params }) => {
    if (!subscribed.has(params.uri)) subscribed.set(params.uri, watch.watch(params.uri));
    await watch.settled();
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async ({ params }) => {
    subscribed.get(params.uri)?.();
    subscribed.delete(params.uri);
    return {};
  });
  const send = async (change: MemoryChange) => {
    if (change.kind === 'resource_updated') {
      if (subscribed.has(change.uri) || live.era === 'modern')
        await server.server.sendResourceUpdated({ uri: change.uri });
    } else if (change.kind === 'resources_list_changed') {
      server.sendResourceListChanged();
    } else {
      await server.sendLoggingMessage({
        level: change.level,
        logger: 'peermem',
        data: { message: change.message, ...change.data },
      });
    }
  };
  const stopListening = watch.listen((change) => {
    if (!server.isConnected()) return;
    send(change).catch((error: Error) =>
      console.error(`peermem: could not notify the client: ${error.message}`),
    );
  });
  const previousOnClose = server.server.onclose;
  server.server.onclose = () => {
    previousOnClose?.();
    stopListening();
    for (const release of subscribed.values()) release();
    subscribed.clear();
  };
}

/**
 * `resources/read` over the resources of `resources/index.ts`: as the SDK's own, except that a URI
 * no resource matches is answered with the resources and templates that exist.
 */
function answerUnknownResources(server: McpServer, context: ToolContext): void {
  const templates = resources.map((resource) => {
    if ('uri' in resource) return { resource, match: (uri: string) => (uri === resource.uri ? {} : null) };
    const template = new UriTemplate(resource.template);
    return { resource, match: (uri: string) => template.match(uri) };
  });
  const known = resources.map((resource) => ('uri' in resource ? resource.uri : resource.template));
  server.server.setRequestHandler('resources/read', async ({ params }) => {
    const uri = parseUri(params.uri);
    for (const { resource, match } of templates) {
      const variables = match(uri.href);
      if (variables) return readResource(resource, uri, variables, context);
    }
    throw new ResourceNotFoundError(
      params.uri,
      `Unknown resource ${params.uri}. The resources are ${known.join(', ')} (fill in a session or peer id, percent-encoded); resources/list and resources/templates/list list them.`,
    );
  });
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
          const text = [`${error.code}: ${error.message}`, toolHint(error)].filter(Boolean).join(' ');
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

function registerTool(
  server: McpServer,
  tool: MemoryTool,
  context: ToolContext,
  watch: MemoryWatch | undefined,
): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: listedSchema(tool.inputSchema, 'input'),
      outputSchema: listedSchema(tool.outputSchema, 'output'),
      annotations: tool.annotations,
      ...(tool.view && { _meta: { ui: { resourceUri: tool.view } } }),
    },
    async (input, ctx) => {
      try {
        const progress = requestProgress(ctx);
        const output = await tool.handler(
          input as Parameters<MemoryTool['handler']>[0],
          progress ? { ...context, progress } : context,
        );
        // A write through this process is told to subscribers at once, not at the next look.
        if (!tool.annotations.readOnlyHint) watch?.poke();
        return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
      } catch (error) {
        return toolErrorResult(error, tool.name);
      }
    },
  );
}

async function readResource(
  resource: MemoryResource,
  uri: URL,
  variables: Record<string, string | string[]>,
  context: ToolContext,
) {
  const ids = resourceIds(variables);
  try {
    const text = await resource.read(ids, context);
    const meta = resource.meta && { _meta: resource.meta };
    return { contents: [{ uri: uri.href, mimeType: resource.mimeType, text, ...meta }] };
  } catch (error) {
    if (error instanceof MemoryError && error.code === 'not_found')
      throw new ResourceNotFoundError(
        uri.href,
        [`Resource not found: ${error.message}.`, toolHint(error)].filter(Boolean).join(' '),
      );
    if (error instanceof MemoryError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    console.error(`peermem: reading ${resource.name} failed:`, error);
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `reading ${uri.href} failed unexpectedly; try again`,
    );
  }
}

function registerResource(server: McpServer, resource: MemoryResource, context: ToolContext): void {
  const metadata = {
    title: resource.title,
    description: resource.description,
    mimeType: resource.mimeType,
    ...(resource.meta && { _meta: resource.meta }),
  };
  const read = (uri: URL, variables: Record<string, string | string[]>) =>
    readResource(resource, uri, variables, context);
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

function parseUri(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `uri: ${text} is not a valid URI`);
  }
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
