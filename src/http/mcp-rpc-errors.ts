import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Context } from 'hono';
import { LIMITS } from '../schemas/limits.js';
import { formatBytes } from './format-bytes.js';

// Every answer on /mcp is JSON-RPC, a refusal or an unexpected failure too, so that an MCP client
// can read it; the local server (mcp-http-app.ts) and the hosted one (oauth/hosted-mcp-app.ts) alike.

/** A JSON-RPC error answer to a request whose id is unknown (the body was not read). */
export const rpcError = (code: number, message: string) => ({
  jsonrpc: '2.0',
  id: null,
  error: { code, message },
});

/** The app's `onError`: an unexpected failure, logged, answered 500. */
export function rpcFailure(error: Error, c: Context): Response {
  console.error('peermem: an MCP request over HTTP failed:', error);
  return c.json(
    rpcError(ProtocolErrorCode.InternalError, 'The request failed unexpectedly; try again.'),
    500,
  );
}

/** The 413 of an oversized body; `advice` says how to send less. */
export const rpcBodyTooLarge = (advice?: string) => () =>
  Response.json(
    rpcError(
      ProtocolErrorCode.InvalidRequest,
      `Request too large: one request over HTTP may be at most ${formatBytes(LIMITS.requestBodyBytes)}.${advice === undefined ? '' : ` ${advice}`}`,
    ),
    { status: 413 },
  );
