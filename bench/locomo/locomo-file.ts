import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, seen from dist/bench/locomo/ once built. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where LoCoMo's file is looked for when LOCOMO_PATH does not say: `../shared/bench/` beside the project. */
export const DEFAULT_LOCOMO_FILE = resolve(PROJECT_ROOT, '../shared/bench/locomo10.json');

/** The LoCoMo file every benchmark reads: LOCOMO_PATH, or the default beside the project. */
export const LOCOMO_FILE = resolve(process.env.LOCOMO_PATH ?? DEFAULT_LOCOMO_FILE);
