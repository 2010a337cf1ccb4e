// Output names with templates: {date} (2026-11-22), {datetime} (20261122T031500Z), {name}; UTC. A run's file
// is the template expanded at its start; the files of earlier runs are the ones the template's pattern matches.
import { basename, dirname, join } from 'node:path';

/** The template names an output may use. */
export const TEMPLATE_NAMES = ['date', 'datetime', 'name'] as const;

/** `{date}` → 2026-11-22, `{datetime}` → 20261122T031500Z, `{name}` → the extract's name (UTC). */
export function expandTemplate(template: string, name: string, nowMs: number): string {
  const iso = new Date(nowMs).toISOString();
  const datetime = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return template.replaceAll('{date}', iso.slice(0, 10)).replaceAll('{datetime}', datetime).replaceAll('{name}', name);
}

/** The first `{...}` of a template that is not a template name (a typo such as `{nam}`), if any. */
export function findUnknownTemplate(template: string): string | undefined {
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!(TEMPLATE_NAMES as readonly string[]).includes(match[1] ?? '')) return match[0];
  }
  return undefined;
}

/**
 * The folder and the pattern of the file names a dated template gives for `name` at any time, or undefined when
 * the date is in the folder part (then runs do not share a folder).
 */
export function datedFilePattern(template: string, name: string): { dir: string; pattern: RegExp } | undefined {
  const dir = dirname(template);
  if (findTemplates(dir)) return undefined;
  const escaped = basename(template)
    .replaceAll('{name}', name)
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replaceAll('{date}', '\\d{4}-\\d{2}-\\d{2}')
    .replaceAll('{datetime}', '\\d{8}T\\d{6}Z');
  return { dir: join(dir), pattern: new RegExp(`^${escaped}$`) };
}

function findTemplates(text: string): boolean {
  return /\{(date|datetime)\}/.test(text);
}
