import { helpSections } from '../settings-help.js';

/** The text of `peermem --help`: the usage by hand, the options from the settings table. */
export const HELP = `peermem: persistent memory for AI agents, served over MCP

Usage:
  peermem [mcp] [options]       serve MCP over stdio (the default); learns in the background
  peermem mcp --http [options]  serve MCP over Streamable HTTP at /mcp
  peermem worker [--once]       only learn from queued messages (any number may run)
  peermem status                the learning progress of the workspace, as JSON
  peermem serve [options]       over HTTP: the pay-per-call gateway (/api/memory, /llms.txt; one
                                private workspace per wallet) and/or the platform API (/v3), both
                                described at /openapi.json
  peermem devnet                local chains (USDC for x402, a Tempo node for MPP) and a funded
                                payer; prints KEY=value settings for serve and call, then "ready"
  peermem --upstream URL        the same MCP server (stdio or --http), its memory the wallet's
                                at an upstream gateway, signed in and paid within limits
                                (see Remote mode below)
  peermem call PATH [JSON]      one gateway request, signed in or paid with the wallet
                                (at --upstream URL, PEERMEM_UPSTREAM; --pay-with x402|mpp,
                                PEERMEM_PAY_WITH; x402 by default)
  peermem wallet init|import|address|balance|spending|forget
                                the wallet of remote mode and call: kept in the OS keychain, or
                                a 0600 file where there is none; import reads the key on stdin;
                                spending: today's payments and what remains of the budget
  peermem import FILE           bring chat history into the workspace: JSONL, a ChatGPT or
                                claude.ai export (conversations.json) or a "Name: text"
                                transcript; run it again to resume (--format auto|jsonl|
                                chatgpt|claude|text; --session ID; --user-peer NAME and
                                --assistant-peer NAME for exports; docs/import.md), or a
                                peermem export file, restored with its workspaces
  peermem export [--workspace W | --all] [--out FILE]
                                write a workspace (or all) to a versioned JSONL file, stdout
                                without --out; peermem import FILE restores it exactly
                                (docs/export.md)
  peermem workspaces [delete W [--yes]]
                                list the workspaces of the data folder or DATABASE_URL with
                                their messages and the folder of --workspace-from-dir ones;
                                delete one with all its data (asks first on a terminal)
  peermem keys create admin|workspace|peer|session | list [--org ID] | revoke KEY_ID
                                API keys of the platform API, in the database serve uses:
                                create prints the key once (--workspace, --peer, --session,
                                --org, --member, --name, --expires-at; docs/platform.md)
  peermem peers delete PEER [--workspace NAME] [--yes]
                                forget a peer of the local memory for good: its messages,
                                what was learned by and about it, its cards (docs/learning.md);
                                asks first on a terminal, else needs --yes
  peermem console [--open]      the web console of the local memory (data folder or
                                DATABASE_URL) on this machine only: prints a one-time
                                sign-in link; --open opens it in the browser (docs/console.md)
  peermem --help | --version
  Any command: --env-file FILE reads KEY=value settings (set variables win)

${helpSections()}

Several peermem processes may share one data folder: the first opens it, the others use it
through that one, and take over when it exits.
`;
