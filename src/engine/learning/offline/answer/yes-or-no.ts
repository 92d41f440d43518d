// A word that denies what the sentence says: "not", "never", "don't", "can't", "no longer", and
// "no" before what it denies ("NO default exports pls").
const DENIAL = /\b(?:not|never|no|nothing|none|nobody|neither|nor|cannot)\b|\B[nN]['’][tT]\b/i;

// A plan given up: "we were going to move push to OneSignal but we're staying on Expo's".
const PLAN_GIVEN_UP =
  /\b(?:was|were|had been) (?:going|planning|supposed|meant) to\b.*\b(?:but|instead)\b|\b(?:planned|meant|wanted) to\b.*\bbut\b.*\binstead\b/i;

/**
 * The answer to a yes/no question from the evidence that bears on it: "No: " and the evidence
 * when it denies what it says or tells of a plan given up, else "Yes: " and the evidence.
 */
export function yesOrNoFromEvidence(text: string): string {
  return DENIAL.test(text) || PLAN_GIVEN_UP.test(text) ? `No: ${text}` : `Yes: ${text}`;
}
