/**
 * A workflow of named steps, each with its undo (the shape of Medusa's workflows, ADR 0008): the steps run in
 * order on one state; a step may end the workflow with an answer; when a step fails, the steps completed before it
 * are undone in reverse order and the step's error is thrown. An undo that fails is logged and the next undo still
 * runs: the first error is what the caller gets.
 */

export type Step<S, A> = {
  name: string;
  /** Does the step; an answer (not undefined) ends the workflow with it. */
  run: (state: S) => Promise<A | undefined>;
  /** Undoes the step after a later one failed with `failure`; the failed step itself is not undone. */
  undo?: (state: S, failure: unknown) => Promise<void>;
};

export type WorkflowLog = (message: string, error: unknown) => void;

const logToConsole: WorkflowLog = (message, error) => console.error(message, error);

export async function runWorkflow<S, A>(
  name: string,
  steps: readonly Step<S, A>[],
  state: S,
  log: WorkflowLog = logToConsole,
): Promise<A> {
  const done: Step<S, A>[] = [];
  for (const step of steps) {
    let answer: A | undefined;
    try {
      answer = await step.run(state);
    } catch (failure) {
      for (const completed of done.reverse()) {
        if (!completed.undo) continue;
        try {
          await completed.undo(state, failure);
        } catch (undoFailure) {
          log(`[alloggio] ${name}: undoing ${completed.name} after ${step.name} failed`, undoFailure);
        }
      }
      throw failure;
    }
    if (answer !== undefined) return answer;
    done.push(step);
  }
  throw new Error(`${name}: no step answered`);
}
