import { join } from 'node:path';
import { build } from 'rolldown';
import { PROJECT_ROOT } from './mcp-targets.js';

/**
 * The page of the preview host (view/preview-host.ts, the SDK's AppBridge and MCP client bundled
 * for the browser), to be served from the same origin as a peermem MCP server over HTTP.
 */
export async function previewHostPage(): Promise<string> {
  const bundled = await build({
    input: join(PROJECT_ROOT, 'view/preview-host.ts'),
    platform: 'browser',
    tsconfig: join(PROJECT_ROOT, 'view/tsconfig.json'),
    write: false,
    logLevel: 'silent',
    output: { format: 'iife', minify: true },
  });
  const script = bundled.output[0].code.replaceAll('</script', '<\\/script');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps preview host</title>
<style>body{margin:0;font:14px system-ui;background:#eef0f3}p{margin:8px 16px;color:#555}
iframe{display:block;width:720px;margin:0 16px 16px;border:1px solid #c8ccd2;border-radius:8px;background:#fff}</style>
</head><body><p id="host-status">connecting…</p><script>${script}</script></body></html>`;
}
