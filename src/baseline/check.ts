// Checks one case variant's answer against its baseline file, and records or updates the file as the update
// mode says (none | missing | changed | all, as Playwright does for snapshots).
import {
  compareSnapshots,
  normaliseSnapshot,
  replaceNames,
  resolveNormaliseRules,
  type Difference,
  type NormaliseRules,
  type ResponseSnapshot,
} from '../compare/index.ts';
import type { BaselineStore, Finding, VariantKey } from '../model/index.ts';
import type { BaselineFile, CaseBaseline, NormaliseLayer, UpdateBaselineMode } from '../schema/baseline.ts';
import { isPlainObject } from '../util/json.ts';
import { baselineFilePath, formatVariantName } from './file-name.ts';
import { parseBaselineFile, renderBaselineFile } from './file-format.ts';

/** What a run checks baselines with: the store, the update mode, the profile's rules and the run's redaction. */
export interface BaselineContext {
  store: BaselineStore;
  update: UpdateBaselineMode;
  /** The profile's `normalise:` plus `names` from its resources (under the case's rules). */
  profileRules?: Partial<NormaliseRules> | undefined;
  /** Masks the token and URL credentials in what is written. Default: none. */
  redact?: <T>(value: T) => T;
}

/** The case variant whose answer is checked (structurally the catalogue's CaseVariant). */
export interface BaselineSubject {
  caseId: string;
  variant: VariantKey;
  request: { action: string; params?: Record<string, unknown>; query?: string; body?: string };
  normalise?: NormaliseLayer;
}

/** The variant's baseline outcome for the report, and a finding per difference (or for a missing file). */
export interface BaselineCheck {
  baseline: CaseBaseline;
  findings: Finding[];
}

/** Normalises `answer`, compares it with the variant's baseline file, and writes the file when the mode says so. */
export async function checkBaseline(subject: BaselineSubject, answer: ResponseSnapshot, context: BaselineContext): Promise<BaselineCheck> {
  const { store, update } = context;
  const rules = resolveNormaliseRules(context.profileRules, subject.normalise);
  const normalised = normaliseSnapshot(answer, rules);
  const file = baselineFilePath(subject.caseId, subject.variant);
  const content = (context.redact ?? ((value) => value))(toBaselineFile(subject, normalised.snapshot, normalised.applied, rules));
  const text = renderBaselineFile(content);
  const outcome = (kind: CaseBaseline['outcome'], differences: Difference[] = [], truncated = false): CaseBaseline => ({
    file,
    outcome: kind,
    rules: normalised.applied,
    differences,
    ...(truncated ? { truncated } : {}),
  });
  const accept = update === 'changed' || update === 'all';
  const stored = await store.read(file);
  if (stored === undefined) {
    if (update === 'none') {
      const message = `no baseline ${joinPath(store.dir, file)} yet: record it with --update-baseline missing`;
      return { baseline: outcome('missing'), findings: [{ rule: 'baseline', path: '', message }] };
    }
    await store.write(file, text);
    return { baseline: outcome('recorded'), findings: [] };
  }
  const parsed = parseBaselineFile(stored);
  if (!parsed.ok) {
    const unusable: Difference = { kind: 'body', path: '', message: `the baseline ${joinPath(store.dir, file)} cannot be used: ${parsed.reason}` };
    if (accept) {
      await store.write(file, text);
      return { baseline: outcome('updated', [unusable]), findings: [] };
    }
    return {
      baseline: outcome('differs', [unusable]),
      findings: [{ rule: 'baseline', path: '', message: `${unusable.message}; record it again with --update-baseline changed` }],
    };
  }
  // why: the stored answer is normalised again with today's rules, so a rule added since applies to both sides
  const expected = normaliseSnapshot({ status: parsed.file.status, body: parsed.file.body }, rules).snapshot;
  const { differences, truncated } = compareSnapshots(expected, { status: content.status, body: content.body });
  if (differences.length === 0) {
    if (update !== 'all' || stored === text) return { baseline: outcome('match'), findings: [] };
    await store.write(file, text);
    return { baseline: outcome('updated'), findings: [] };
  }
  if (accept) {
    await store.write(file, text);
    return { baseline: outcome('updated', differences, truncated), findings: [] };
  }
  return { baseline: outcome('differs', differences, truncated), findings: toFindings(differences, truncated) };
}

function toBaselineFile(subject: BaselineSubject, snapshot: ResponseSnapshot, applied: string[], rules: NormaliseRules): BaselineFile {
  const { variant, request } = subject;
  const path = `${variant.locale === null ? '' : `/${variant.locale}`}${variant.apiPath}/${request.action}`;
  const params: unknown = request.params === undefined ? undefined : replaceNames(request.params, rules.names);
  return {
    case: subject.caseId,
    variant: formatVariantName(variant),
    request: {
      method: variant.method,
      path,
      // why: the target's resource ids become their logical names, so the file reads the same for every target
      ...(isPlainObject(params) ? { params } : {}),
      ...(request.query === undefined ? {} : { query: request.query }),
      ...(request.body === undefined ? {} : { body: request.body }),
    },
    rules: applied,
    status: snapshot.status,
    body: snapshot.body,
  };
}

function toFindings(differences: readonly Difference[], truncated: boolean): Finding[] {
  const findings = differences.map(
    (difference): Finding => ({
      rule: 'baseline',
      path: difference.path,
      message: difference.message,
      ...('expected' in difference ? { expected: difference.expected } : {}),
      ...('actual' in difference ? { actual: difference.actual } : {}),
    }),
  );
  if (truncated) findings.push({ rule: 'baseline', path: '', message: `more differences than the ${differences.length} listed` });
  return findings;
}

function joinPath(dir: string, file: string): string {
  return `${dir.replace(/[\\/]+$/, '')}/${file}`;
}
