/**
 * Answers that broke their route's declared response schema during a test (http/response-check.ts).
 * Every test server of the harness reports here; the setup file fails the test that caused them.
 */
const mismatches: string[] = [];

export function reportResponseMismatch(problem: string): void {
  mismatches.push(problem);
}

/** The mismatches since the last call. */
export function takeResponseMismatches(): string[] {
  return mismatches.splice(0);
}
