/** The text of `peermem --help`. */
export const HELP = `peermem: persistent memory for AI agents, served over MCP

Usage:
  peermem [mcp] [options]       serve MCP over stdio (the default)
  peermem mcp --http [options]  serve MCP over Streamable HTTP at /mcp
  peermem --help | --version

Memory:
  --workspace NAME              the memory to use (PEERMEM_WORKSPACE; default "default")
  --workspace-from-dir DIR      one memory per project: a workspace named after DIR
                                (PEERMEM_WORKSPACE_FROM_DIR; "." is the current folder)
  --data-dir DIR                embedded database folder (PEERMEM_DATA_DIR;
                                default: the user data folder, e.g. ~/.local/share/peermem)
  --database-url URL            use a Postgres server instead (DATABASE_URL)
  --context-tokens N            get_context budget when none is given (PEERMEM_CONTEXT_TOKENS; 8192)

HTTP:
  --http                        serve Streamable HTTP instead of stdio (PEERMEM_HTTP=1)
  --host HOST                   address to bind (PEERMEM_HOST; default 127.0.0.1)
  --port N                      port (PEERMEM_PORT; default 8787; 0 picks a free one)
  --token TOKEN                 require Authorization: Bearer TOKEN (PEERMEM_MCP_TOKEN);
                                needed to bind beyond loopback

Several peermem processes may share one data folder: the first opens it, the others use it
through that one, and take over when it exits.
`;
