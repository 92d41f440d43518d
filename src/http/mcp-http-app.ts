import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { ToolContext } from '../../tools/tool.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { LIMITS } from '../schemas/limits.js';
import { formatBytes } from './format-bytes.js';
import { refuseLargeBody } from './refuse-large-body.js';

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
  const handler = createMcpHandler(() => createMcpServer(context), {
    maxRequestBodySize: LIMITS.requestBodyBytes,
  });
  const expected = options.token === undefined ? undefined : digest(options.token);
  const app = new Hono();
  // Ahead of the guards and the handler: a larger body is cut off as it arrives, never held.
  app.use('/mcp', refuseLargeBody(bodyTooLarge));
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

/** The 413 of an oversized body, as a JSON-RPC error a client can read (its id is unknown). */
function bodyTooLarge(): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: ProtocolErrorCode.InvalidRequest,
        message: `Request too large: one request over HTTP may be at most ${formatBytes(LIMITS.requestBodyBytes)}. Split it, for example into add_messages calls of fewer messages.`,
      },
    },
    { status: 413 },
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests in constant time, so the answer time says nothing about the token. */
function bearerMatches(header: string | null, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
