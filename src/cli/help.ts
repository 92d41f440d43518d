/** The text of `peermem --help`. */
export const HELP = `peermem: persistent memory for AI agents, served over MCP

Usage:
  peermem [mcp] [options]       serve MCP over stdio (the default); learns in the background
  peermem mcp --http [options]  serve MCP over Streamable HTTP at /mcp
  peermem worker [--once]       only learn from queued messages (any number may run)
  peermem status                the learning progress of the workspace, as JSON
  peermem --help | --version

Memory:
  --workspace NAME              the memory to use (PEERMEM_WORKSPACE; default "default")
  --workspace-from-dir DIR      one memory per project: a workspace named after DIR
                                (PEERMEM_WORKSPACE_FROM_DIR; "." is the current folder)
  --data-dir DIR                embedded database folder (PEERMEM_DATA_DIR;
                                default: the user data folder, e.g. ~/.local/share/peermem)
  --database-url URL            use a Postgres server instead (DATABASE_URL)
  --context-tokens N            get_context budget when none is given (PEERMEM_CONTEXT_TOKENS; 8192)

Learning:
  --deriver on|off              learn in this process (PEERMEM_DERIVER; on)
  --summary-every N             summarise a session every N messages (PEERMEM_SUMMARY_EVERY; 20)
  --reasoner offline|openai|anthropic
                                what learns and answers (PEERMEM_REASONER; offline: no model)
  --llm-model NAME              the model (PEERMEM_LLM_MODEL); key in PEERMEM_LLM_API_KEY
  --llm-base-url URL            OpenAI-compatible or Anthropic root URL (PEERMEM_LLM_BASE_URL;
                                e.g. http://127.0.0.1:11434 for Ollama)
  --embeddings offline|openai   semantic search vectors (PEERMEM_EMBEDDINGS; offline word vectors)
  --embeddings-model NAME       (PEERMEM_EMBEDDINGS_MODEL); key in PEERMEM_EMBEDDINGS_API_KEY
  --embeddings-base-url URL     OpenAI-compatible /v1/embeddings root (PEERMEM_EMBEDDINGS_BASE_URL)

HTTP:
  --http                        serve Streamable HTTP instead of stdio (PEERMEM_HTTP=1)
  --host HOST                   address to bind (PEERMEM_HOST; default 127.0.0.1)
  --port N                      port (PEERMEM_PORT; default 8787; 0 picks a free one)
  --token TOKEN                 require Authorization: Bearer TOKEN (PEERMEM_MCP_TOKEN);
                                needed to bind beyond loopback

Several peermem processes may share one data folder: the first opens it, the others use it
through that one, and take over when it exits.
`;
