import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { packageRoot } from '../src/package-root.js';
import { UnavailableError } from '../src/service/errors.js';
import type { MemoryResource } from './resource.js';

/** Where `npm run build` writes the view (`view/build.mjs`): one file, script and style inline. */
const VIEW_FILE = 'dist/memory-view/memory-view.html';

let loaded: Promise<string> | undefined;

/**
 * The memory view (MCP Apps, SEP-1865): the page a host that renders views shows in a sandboxed
 * frame when get_peer_card answers. It reads and changes memory only through the tools, called
 * back through the host; a host without views shows the tool's text answer instead.
 */
export const memoryViewResource: MemoryResource = {
  name: 'memory_view',
  uri: 'ui://peermem/memory-view',
  title: 'Memory view',
  description:
    'An interactive view of one peer’s memory for hosts that render MCP Apps: its card (edit or remove an entry), what was learned and where (forget one), recent sessions and a message search.',
  mimeType: RESOURCE_MIME_TYPE,
  // It needs no origin at all (no fetch, no image): the host's strictest sandbox fits it.
  meta: { ui: { prefersBorder: true } },
  read() {
    loaded ??= readFile(join(packageRoot(), VIEW_FILE), 'utf8').catch((error: unknown) => {
      loaded = undefined;
      throw new UnavailableError('the memory view is not built', {
        hint: 'Run npm run build, which writes dist/memory-view/memory-view.html.',
        cause: error,
      });
    });
    return loaded;
  },
};
