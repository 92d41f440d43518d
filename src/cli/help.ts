/** The text of `peermem --help`. */
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
                                --assistant-peer NAME for exports; docs/import.md)
  peermem --help | --version
  Any command: --env-file FILE reads KEY=value settings (set variables win)

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

Platform API (serve):
  --admin-key KEY               serve the platform API under /v3 (and /v2 message creation),
                                with Authorization: Bearer KEY (PEERMEM_ADMIN_KEY; at least 16
                                characters; prefer the variable: a flag shows in ps)

Gateway (serve):
  --public-url URL              the URL clients use; sign-ins are bound to its host
                                (PEERMEM_PUBLIC_URL; default http://HOST:PORT)
  --pay-to ADDRESS              the wallet paid (PEERMEM_PAY_TO; required unless the platform
                                is on); the gateway is off without it when an admin key is set
  --x402-network CAIP2          (PEERMEM_X402_NETWORK; eip155:8453, Base mainnet)
  --x402-asset ADDRESS          EIP-3009 token (PEERMEM_X402_ASSET; Base USDC), with its EIP-712
  --x402-asset-name NAME        name and version (PEERMEM_X402_ASSET_NAME, _VERSION;
  --x402-asset-version V        "USD Coin", "2")
  --facilitator-url URL         an x402 facilitator (PEERMEM_FACILITATOR_URL), or the built-in
                                one: PEERMEM_FACILITATOR_PRIVATE_KEY (pays settlement gas) and
  --rpc-url URL                 the node the built-in facilitator settles on (PEERMEM_RPC_URL)
  --mpp on|off                  offer MPP, method tempo, intent charge (PEERMEM_MPP; on)
  --mpp-chain-id N              Tempo chain (PEERMEM_MPP_CHAIN_ID; 4217, Tempo mainnet)
  --mpp-currency ADDRESS        TIP-20 token (PEERMEM_MPP_CURRENCY; the chain's: Tempo USDC,
                                pathUSD on Moderato 42431; required on other chains)
  --mpp-rpc-url URL             Tempo node (PEERMEM_MPP_RPC_URL; the chain's public node,
                                https://rpc.tempo.xyz on mainnet; required on other chains)
                                PEERMEM_MPP_SECRET_KEY binds challenges (random per process);
                                PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY pays the Tempo fees
  PEERMEM_SIGN_IN_SECRET        makes the nonces of sign-in challenges, at least 32 characters
                                (random per process: a challenge is then good only at the
                                process that issued it); gateways behind one URL share it
  --rate-limit N                requests per second per wallet, counted once its sign-in or
                                payment is verified (PEERMEM_RATE_LIMIT; 20; 0 turns it off);
  --rate-limit-burst N          in bursts of up to N (PEERMEM_RATE_LIMIT_BURST; 60); past that 429
  --ip-rate-limit N             requests per second per client IP without sign-in or payment
                                (PEERMEM_IP_RATE_LIMIT; 60; 0 turns it off; behind a proxy every
  --ip-rate-limit-burst N       client shares its IP), bursts (PEERMEM_IP_RATE_LIMIT_BURST; 120)

Remote mode (mcp --upstream, call, wallet):
  --upstream URL                the gateway whose memory is served (PEERMEM_UPSTREAM); the
                                workspace is the wallet's, so --workspace is refused
  --max-per-call USD            the most one paid call may cost (PEERMEM_MAX_PER_CALL; 0.05)
  --daily-budget USD            the most all paid calls may cost in a UTC day, shared by every
                                process of the wallet (PEERMEM_DAILY_BUDGET; 1.00)
  --wallet-dir DIR              the key file and spending ledger (PEERMEM_WALLET_DIR; default:
                                the user config folder, e.g. ~/.config/peermem)
  PEERMEM_PRIVATE_KEY           the wallet for this run, over the kept one; PEERMEM_KEYCHAIN=off
                                keeps the key in the file, not the OS keychain
  Paying in a token beyond Base USDC: --x402-network and --x402-asset; MPP: --pay-with mpp
  and --mpp-chain-id, --mpp-currency, --mpp-rpc-url; wallet balance reads at --rpc-url

Several peermem processes may share one data folder: the first opens it, the others use it
through that one, and take over when it exits.
`;
