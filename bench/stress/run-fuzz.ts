import fc from 'fast-check';

/**
 * How one case ended: served, refused with a clear error, a server error (HTTP 5xx, an MCP
 * `internal:` error or JSON-RPC internal error), no answer in time, or no answer at all (the
 * connection or the server died).
 */
type CaseResult = 'accepted' | 'refused' | 'server error' | 'hang' | 'crash';

/** A property a case broke, and what came back. */
export type Violation = { property: string; detail: string };

export type CaseOutcome = { result: CaseResult; violations: Violation[] };

/** What is fuzzed: cases drawn from `arbitrary`, each checked against the live server. */
export type FuzzTarget<Case> = {
  label: string;
  arbitrary: fc.Arbitrary<Case>;
  check(testCase: Case): Promise<CaseOutcome>;
  /** What a case calls (a tool, an endpoint), so failures are told apart per operation. */
  operation(testCase: Case): string;
};

export type FuzzBudget = {
  seed: number;
  numRuns: number;
  /** Stops drawing new cases after this long. */
  durationMs: number;
  /** Failures shrunk to a minimal case: the first of each property and operation, up to this many. */
  minimize: number;
  /** Time given to shrinking one failure. */
  minimizeMs: number;
};

type Tally = Record<CaseResult, number> & { tried: number; failed: number };

/** One broken property, with the smallest case found that still breaks it and how to replay it. */
export type FuzzFailure = {
  property: string;
  operation: string;
  detail: string;
  testCase: unknown;
  /** fast-check replay: `{ seed, path }`. */
  seed: number;
  path: string;
  shrunk: boolean;
};

export type FuzzReport = {
  label: string;
  seed: number;
  tally: Tally;
  failures: FuzzFailure[];
  elapsedMs: number;
};

/**
 * Runs `target` for the budget. Every drawn case is checked and counted, failing or not, so the
 * tally covers the whole budget; then the first failure of each property and operation is
 * replayed from its fast-check path and shrunk to a minimal case.
 */
export async function runFuzz<Case>(target: FuzzTarget<Case>, budget: FuzzBudget): Promise<FuzzReport> {
  const started = performance.now();
  const tally: Tally = { tried: 0, accepted: 0, refused: 0, 'server error': 0, hang: 0, crash: 0, failed: 0 };
  const firsts = new Map<string, { index: number; testCase: Case; violation: Violation }>();
  let index = 0;
  await fc.check(
    fc.asyncProperty(target.arbitrary, async (testCase) => {
      const at = index++;
      const outcome = await checkSafely(target, testCase);
      tally.tried++;
      tally[outcome.result]++;
      if (outcome.violations.length > 0) tally.failed++;
      for (const violation of outcome.violations) {
        const key = `${violation.property} | ${target.operation(testCase)}`;
        if (!firsts.has(key)) firsts.set(key, { index: at, testCase, violation });
      }
      return true;
    }),
    { seed: budget.seed, numRuns: budget.numRuns, interruptAfterTimeLimit: budget.durationMs },
  );

  const failures: FuzzFailure[] = [];
  for (const [key, first] of firsts) {
    const operation = key.slice(key.indexOf(' | ') + 3);
    const failure: FuzzFailure = {
      property: first.violation.property,
      operation,
      detail: first.violation.detail,
      testCase: first.testCase,
      seed: budget.seed,
      path: String(first.index),
      shrunk: false,
    };
    if (failures.length < budget.minimize) Object.assign(failure, await minimize(target, budget, failure));
    failures.push(failure);
  }
  return { label: target.label, seed: budget.seed, tally, failures, elapsedMs: performance.now() - started };
}

/** Replays a failure from its path and shrinks it while the same property breaks for the same operation. */
async function minimize<Case>(
  target: FuzzTarget<Case>,
  budget: FuzzBudget,
  failure: FuzzFailure,
): Promise<Partial<FuzzFailure>> {
  let last: { testCase: Case; detail: string } | undefined;
  const details = await fc.check(
    fc.asyncProperty(target.arbitrary, async (testCase) => {
      if (target.operation(testCase) !== failure.operation) return true;
      const broken = (await checkSafely(target, testCase)).violations.find(
        (violation) => violation.property === failure.property,
      );
      if (broken === undefined) return true;
      last = { testCase, detail: broken.detail };
      return false;
    }),
    { seed: budget.seed, path: failure.path, interruptAfterTimeLimit: budget.minimizeMs },
  );
  // A stateful server may not break the same way twice: then the original case stands.
  if (!details.failed || last === undefined || details.counterexamplePath === null) return {};
  return { testCase: last.testCase, detail: last.detail, path: details.counterexamplePath, shrunk: true };
}

/**
 * The outcome of one case; a check that throws (its read-back of the store failed, say) is a
 * crash of that case, so that one broken connection cannot end the run without its counts.
 */
async function checkSafely<Case>(target: FuzzTarget<Case>, testCase: Case): Promise<CaseOutcome> {
  try {
    return await target.check(testCase);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      result: 'crash',
      violations: [{ property: 'the server answers the next call', detail: message }],
    };
  }
}
