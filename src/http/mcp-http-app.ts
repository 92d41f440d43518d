import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { ToolContext } from '../../tools/tool.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';

export type McpHttpOptions = {
  /** Required as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /**
   * On a loopback bind, requests must name a loopback Host and come from no page or a
   * loopback page: a web page on another site cannot reach the server by DNS rebinding.
   */
  loopback: boolean;
};

/** MCP over Streamable HTTP at `/mcp`. */
export function createMcpHttpApp(
  context: ToolContext,
  options: McpHttpOptions,
): { app: Hono; close(): Promise<void> } {
  const handler = createMcpHandler(() => createMcpServer(context));
  const expected = options.token === undefined ? undefined : digest(options.token);
  const app = new Hono();
  app.all('/mcp', async (c) => {
    const request = c.req.raw;
    if (options.loopback) {
      const rejected =
        hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
        originValidationResponse(request, localhostAllowedOrigins());
      if (rejected) return rejected;
    }
    if (expected && !bearerMatches(request.headers.get('authorization'), expected)) {
      return c.json(
        { error: 'unauthorized', message: 'Send Authorization: Bearer <PEERMEM_MCP_TOKEN>.' },
        401,
        {
          'WWW-Authenticate': 'Bearer realm="peermem"',
        },
      );
    }
    return handler.fetch(request);
  });
  return { app, close: () => handler.close() };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests in constant time, so the answer time says nothing about the token. */
function bearerMatches(header: string | null, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
