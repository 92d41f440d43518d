// Writes the settings table of docs/configuration.md from the settings table of the built code.
import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from '../dist/src/settings-help.js';

const path = new URL('../docs/configuration.md', import.meta.url);
writeFileSync(path, withSettingsTable(readFileSync(path, 'utf8')));
