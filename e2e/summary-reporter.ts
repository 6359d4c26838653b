import type { FullResult, Reporter, Suite, TestError } from "@playwright/test/reporter";

/**
 * Prints `N passed, N failed, N skipped` alone on the very last line of the run, the line CI reads. A test that
 * passed on retry counts as passed (and is named as flaky on the line before); a run that failed outside any test
 * (the web server did not start, an error in a spec file) counts at least one failure, so it never reads as green.
 */
export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;
  private errors = 0;
  private status: FullResult["status"] = "passed";

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onError(_error: TestError): void {
    this.errors += 1;
  }

  onEnd(result: FullResult): void {
    this.status = result.status;
  }

  // onExit runs after every reporter's onEnd, so this line comes after the list and html reporters' output.
  async onExit(): Promise<void> {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === "expected") passed += 1;
      else if (outcome === "flaky") {
        passed += 1;
        flaky.push(test.titlePath().filter(Boolean).join(" › "));
      } else if (outcome === "unexpected") failed += 1;
      else skipped += 1;
    }
    if (this.status !== "passed" && failed === 0) {
      failed = Math.max(1, this.errors);
      console.log(`e2e run ${this.status}: ${this.errors} error(s) outside the tests (see above)`);
    }
    if (flaky.length > 0) console.log(`flaky (passed on retry): ${flaky.join("; ")}`);
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
