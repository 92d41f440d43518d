// A minimal MCP Apps host for a look at the memory view without one: in a page served from the
// same origin as a peermem `mcp --http` server, it connects the MCP client to /mcp, calls the
// tool named in the page's query (?tool=get_peer_card&peer=alice), and renders the view that tool
// names in a sandboxed frame through the SDK's AppBridge, which passes the view's tool calls on to
// the server. The tests drive the view through it in Chromium.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  getToolUiResourceUri,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';

const HOST = { name: 'peermem-preview-host', version: '1.0.0' };

function say(text: string): void {
  const status = document.getElementById('host-status');
  if (status) status.textContent = text;
}

async function preview(): Promise<void> {
  const query = new URLSearchParams(location.search);
  const toolName = query.get('tool') ?? 'get_peer_card';
  const args: Record<string, string> = {};
  for (const [name, value] of query) if (name !== 'tool') args[name] = value;

  const client = new Client(HOST, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)));
  const { tools } = await client.listTools();
  const tool = tools.find((listed) => listed.name === toolName);
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error(`${toolName} names no view`);
  const { contents } = await client.readResource({ uri });
  const content = contents[0];
  if (!content || !('text' in content) || content.mimeType !== RESOURCE_MIME_TYPE)
    throw new Error(`${uri} is not an MCP Apps page`);

  // Scripts only, no same origin: the view can reach nothing but this page, by postMessage.
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'memory view';
  frame.srcdoc = content.text;
  document.body.append(frame);
  const window_ = frame.contentWindow;
  if (!window_) throw new Error('the frame has no window');

  const bridge = new AppBridge(
    client,
    HOST,
    { serverTools: {}, serverResources: {}, logging: {} },
    {
      hostContext: {
        theme: 'light',
        displayMode: 'inline',
        availableDisplayModes: ['inline'],
        containerDimensions: { width: 720, maxHeight: 4000 },
        locale: 'en-GB',
      },
    },
  );
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(window_, window_));
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  const result = await client.callTool({ name: toolName, arguments: args });
  await bridge.sendToolResult(result);
  say(`${toolName} answered; the view shows it`);
}

preview().catch((error: Error) => say(`preview failed: ${error.message}`));
