import type { SettingName } from './settings.js';
import { settingEntries } from './settings-flags.js';
import { GROUPS, type Setting } from './settings-shape.js';

/** `--port N`, `--http`, or the variable of a setting that is not a flag. */
const labelOf = (name: SettingName, setting: Setting) =>
  setting.flag ? `--${name}${setting.value === undefined ? '' : ` ${setting.value}`}` : (setting.env ?? name);

const defaultOf = (setting: Setting) =>
  setting.default === undefined ? setting.defaultText : `\`${setting.default}\``;

const HELP_INDENT = 32;
const HELP_WIDTH = 100;

/** `text` wrapped at word boundaries into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** The option sections of `peermem --help`, one per group, each setting with its variable and default. */
export function helpSections(): string {
  return GROUPS.map((group) => {
    const lines = [`${group}:`];
    for (const [name, setting] of settingEntries.filter(([, setting]) => setting.group === group)) {
      // The other headings already name their commands.
      const scope =
        setting.commands.length === 0 || group !== 'Commands' ? '' : `${setting.commands.join(', ')}: `;
      const variable = setting.flag && setting.env !== undefined ? setting.env : undefined;
      const fallback = defaultOf(setting);
      const notes = [variable, fallback === undefined ? undefined : `default ${fallback}`].filter(Boolean);
      const text = `${scope}${setting.help}${notes.length === 0 ? '' : ` (${notes.join('; ')})`}`.replace(
        /`/g,
        '',
      );
      const label = `  ${labelOf(name, setting)}${setting.short === undefined ? '' : `, -${setting.short}`}`;
      const body = wrap(text, HELP_WIDTH - HELP_INDENT);
      const indent = ' '.repeat(HELP_INDENT);
      if (label.length < HELP_INDENT)
        lines.push(label.padEnd(HELP_INDENT) + body[0], ...body.slice(1).map((l) => indent + l));
      else lines.push(label, ...body.map((l) => indent + l));
    }
    return lines.join('\n');
  }).join('\n\n');
}

/** The settings table of docs/configuration.md, padded as Biome formats a markdown table. */
function settingsTable(): string {
  const escapePipes = (cell: string) => cell.replace(/\|/g, '\\|');
  const rows = [
    ['flag', 'variable', 'default', 'meaning'],
    ...settingEntries.map(([name, setting]) => [
      setting.flag ? `\`${escapePipes(labelOf(name, setting))}\`` : '',
      setting.env === undefined ? '' : `\`${setting.env}\``,
      escapePipes(defaultOf(setting) ?? ''),
      escapePipes(
        `${setting.commands.length === 0 ? '' : `${setting.commands.join(', ')}: `}${setting.help}`,
      ),
    ]),
  ];
  const length = (cell: string) => [...cell].length;
  const widths =
    rows[0]?.map((_, column) => Math.max(3, ...rows.map((row) => length(row[column] ?? '')))) ?? [];
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - length(cell))).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

const START = '<!-- settings:start: made by `npm run docs:settings` from src/settings.ts -->';
const END = '<!-- settings:end -->';

/** `markdown` with the text between the settings markers replaced by the table made from SETTINGS. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start === -1 || end < start) throw new Error(`the settings markers are missing: ${START} … ${END}`);
  return `${markdown.slice(0, start + START.length)}\n\n${settingsTable()}\n\n${markdown.slice(end)}`;
}
