// The change list of a run: every pair that did not agree classified (classify.ts), explained by the CKAN changes
// between the releases (explain.ts), and grouped so that one change is listed once with every request that shows
// it; each group keeps the shortest request that shows it as its example, with both answers as they came.
import type { PairAnswers } from '../diff/index.ts';
import type { TraitChange } from '../schema/ckan-traits/index.ts';
import type { PairResult } from '../schema/diff-report.ts';
import { CHANGE_KINDS, type ExampleAnswer, type UpgradeChange } from '../schema/upgrade-report.ts';
import { classifyPair, type ChangeSignature } from './classify.ts';
import { explainChange, noteChange, toExplanation } from './explain.ts';

/** Characters of each answer body an example keeps. */
export const EXAMPLE_BODY_CHARS = 4000;
/** Differences an example lists. */
const EXAMPLE_DIFFERENCES = 5;

type Example = UpgradeChange['example'];

interface KeyedChange {
  key: string;
  signature: ChangeSignature;
  traits: TraitChange[];
}

function keyChanges(result: PairResult, between: readonly TraitChange[]): KeyedChange[] {
  return classifyPair(result).map((signature) => {
    const traits = explainChange(signature, result.request, between);
    return { key: [signature.kind, signature.what, ...traits.map((t) => t.trait.id)].join('\n'), signature, traits };
  });
}

function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** An answer as the example shows it: status, content type and body (JSON indented, cut), or why none came. */
function toExampleAnswer(curl: string, answer: PairAnswers['a'] | undefined, sent: PairResult['a']): ExampleAnswer {
  if (answer === undefined)
    return { curl, ...(sent.status === undefined ? {} : { status: sent.status }), ...(sent.error === undefined ? {} : { error: sent.error }) };
  if ('error' in answer) return { curl, error: answer.error };
  const body = formatBody(answer.response.body);
  const cut = body.length > EXAMPLE_BODY_CHARS || answer.response.bodyTruncated;
  return {
    curl,
    status: answer.response.status,
    ...(answer.response.headers['content-type'] === undefined ? {} : { contentType: answer.response.headers['content-type'] }),
    body: body.slice(0, EXAMPLE_BODY_CHARS),
    ...(cut ? { bodyTruncated: true } : {}),
  };
}

function toExample(result: PairResult, signature: ChangeSignature, answers: PairAnswers | undefined): Example {
  return {
    id: result.id,
    request: result.request,
    differences: (signature.differences.length === 0 ? [result.a.error ?? result.b.error ?? ''] : signature.differences.map((d) => d.message)).slice(
      0,
      EXAMPLE_DIFFERENCES,
    ),
    a: toExampleAnswer(result.a.curl, answers?.a, result.a),
    b: toExampleAnswer(result.b.curl, answers?.b, result.b),
  };
}

const isShorter = (result: PairResult, example: Example | undefined): boolean =>
  example === undefined || result.request.length < example.request.length || (result.request.length === example.request.length && result.id < example.id);

/** Collects examples as the answers come (runDiff's onAnswers), then builds the change list from the results. */
export interface ChangeList {
  onAnswers(result: PairResult, answers: PairAnswers): void;
  /** The changes of these pairs; `occurrences` says how often a client sent a pair's request (default 1). */
  build(results: readonly PairResult[], occurrences?: (id: string) => number): UpgradeChange[];
}

export function createChangeList(between: readonly TraitChange[]): ChangeList {
  const examples = new Map<string, Example>();
  const offer = (result: PairResult, answers: PairAnswers | undefined): void => {
    for (const { key, signature } of keyChanges(result, between)) {
      if (isShorter(result, examples.get(key))) examples.set(key, toExample(result, signature, answers));
    }
  };
  return {
    onAnswers: (result, answers) => offer(result, answers),
    build(results, occurrences = () => 1) {
      const groups = new Map<string, Omit<UpgradeChange, 'example'>>();
      for (const result of results) {
        if (result.outcome === 'agree') continue;
        for (const { key, signature, traits } of keyChanges(result, between)) {
          const note = noteChange(signature, result.request);
          const group = groups.get(key) ?? {
            kind: signature.kind,
            what: signature.what,
            requests: 0,
            clientRequests: 0,
            ids: [],
            explanation: traits.map(toExplanation),
            ...(note === undefined ? {} : { note }),
          };
          group.requests++;
          group.clientRequests += occurrences(result.id);
          group.ids.push(result.id);
          groups.set(key, group);
          // a pair whose answers were not offered (a caller without onAnswers) still gives an example, without bodies
          if (!examples.has(key)) offer(result, undefined);
        }
      }
      const order = (kind: UpgradeChange['kind']): number => CHANGE_KINDS.indexOf(kind);
      return [...groups]
        .map(([key, group]): UpgradeChange => {
          const example = examples.get(key);
          if (example === undefined) throw new Error(`no example was kept for the change ${key}`);
          return { ...group, example };
        })
        .sort((x, y) => order(x.kind) - order(y.kind) || y.requests - x.requests || (x.what < y.what ? -1 : x.what > y.what ? 1 : 0));
    },
  };
}
