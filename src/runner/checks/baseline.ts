// The answer against its baseline file (run --baseline): compared, or recorded as the update mode says (src/baseline).
import { checkBaseline } from '../../baseline/index.ts';
import type { ResponseCheck } from './types.ts';

/** Applies to every judged answer of a run with --baseline; a baseline says nothing about whether the data was checked. */
export const baselineCheck: ResponseCheck = {
  name: 'baseline',
  evidence: 'none',
  appliesTo: (_variant, _answer, context) => context.baseline !== undefined,
  async check(context, answer, variant) {
    if (context.baseline === undefined) return { findings: [], checked: false };
    const body = answer.json ? answer.body : answer.text;
    const checked = await checkBaseline(variant, { status: answer.status, body }, context.baseline);
    return { findings: checked.findings, checked: false, adds: { baseline: checked.baseline } };
  },
};
