// The report format registry: format name -> file name + pure renderer.
import { KitError, KitErrorCode } from '../errors.ts';
import type { RunResult } from '../model/index.ts';
import { renderJson } from './json.ts';
import { renderJunitChunks, type JunitOptions } from './junit.ts';
import { renderHtmlChunks, type HtmlOptions } from './html.ts';
import { renderCtrfChunks } from './ctrf.ts';
import { renderMarkdown, type MarkdownOptions } from './markdown.ts';

/** Per-format options for the renderers; every field is optional. */
export interface RenderOptions {
  junit?: JunitOptions;
  html?: HtmlOptions;
  md?: MarkdownOptions;
}

/** One report format: where it is written and how it is rendered. */
export interface Reporter {
  /** File name inside the output directory, e.g. `junit.xml`. */
  fileName: string;
  /** Pure: the same result and options always give the same text (whole, or in chunks for a large report). */
  render(result: RunResult, options: RenderOptions): string | Iterable<string>;
}

/** Every file report format, by the name used in `--report`. */
export const reporters = {
  json: { fileName: 'report.json', render: (result) => renderJson(result) },
  junit: { fileName: 'junit.xml', render: (result, options) => renderJunitChunks(result, options.junit) },
  html: { fileName: 'report.html', render: (result, options) => renderHtmlChunks(result, options.html) },
  ctrf: { fileName: 'ctrf.json', render: (result) => renderCtrfChunks(result) },
  md: { fileName: 'summary.md', render: (result, options) => renderMarkdown(result, options.md) },
} as const satisfies Record<string, Reporter>;

/** A report format name: json, junit, html, ctrf or md. */
export type ReportFormat = keyof typeof reporters;

/** All formats, in the order they are written. */
export const REPORT_FORMATS: readonly ReportFormat[] = Object.keys(reporters).filter(isReportFormat);

const aliases: Readonly<Record<string, string>> = { markdown: 'md', xml: 'junit' };

export function isReportFormat(name: string): name is ReportFormat {
  return Object.hasOwn(reporters, name);
}

/**
 * Parses a `--report` value (`json,junit,html` or `all`; `markdown` is an alias of `md`) into distinct formats
 * in registry order. Throws KitError E_USAGE naming the unknown format and the known ones.
 */
export function parseReportFormats(value: string | readonly string[]): ReportFormat[] {
  const names = (typeof value === 'string' ? [value] : value).flatMap((part) => part.split(','));
  const wanted = new Set<ReportFormat>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'all') for (const format of REPORT_FORMATS) wanted.add(format);
    else {
      const format = aliases[name] ?? name;
      if (!isReportFormat(format)) {
        throw new KitError(KitErrorCode.usage, `unknown report format "${raw.trim()}" (known: ${REPORT_FORMATS.join(', ')}, all)`);
      }
      wanted.add(format);
    }
  }
  return REPORT_FORMATS.filter((format) => wanted.has(format));
}
