import { describe, expect, it } from "vitest";
import { runWorkflow, type Step } from "./workflow";

type State = { calls: string[] };

const step = (name: string, run?: () => string | undefined, undo?: () => void): Step<State, string> => ({
  name,
  run: async (s) => {
    s.calls.push(`run ${name}`);
    return run?.();
  },
  undo: async (s) => {
    s.calls.push(`undo ${name}`);
    undo?.();
  },
});

describe("runWorkflow", () => {
  it("runs the steps in order; the first answer ends the workflow", async () => {
    const state: State = { calls: [] };
    const answer = await runWorkflow(
      "test",
      [step("hold"), step("pay", () => "paid"), step("confirm", () => "confirmed")],
      state,
    );
    expect(answer).toBe("paid");
    expect(state.calls).toEqual(["run hold", "run pay"]);
  });

  it("undoes the completed steps in reverse order, not the failed one, and throws the step's error", async () => {
    const state: State = { calls: [] };
    const refused = new Error("card refused");
    const undone: unknown[] = [];
    const steps: Step<State, string>[] = [
      step("hold"),
      {
        ...step("reserve"),
        undo: async (s, failure) => {
          s.calls.push("undo reserve");
          undone.push(failure);
        },
      },
      step("pay", () => {
        throw refused;
      }),
      step("confirm", () => "confirmed"),
    ];
    await expect(runWorkflow("test", steps, state)).rejects.toBe(refused);
    expect(state.calls).toEqual(["run hold", "run reserve", "run pay", "undo reserve", "undo hold"]);
    expect(undone).toEqual([refused]);
  });

  it("logs an undo that fails, still runs the earlier undos and throws the first error", async () => {
    const state: State = { calls: [] };
    const refused = new Error("card refused");
    const broken = new Error("database gone");
    const logged: [string, unknown][] = [];
    const steps = [
      step("hold"),
      step("reserve", undefined, () => {
        throw broken;
      }),
      step("pay", () => {
        throw refused;
      }),
    ];
    await expect(
      runWorkflow("booking", steps, state, (message, error) => logged.push([message, error])),
    ).rejects.toBe(refused);
    expect(state.calls).toEqual(["run hold", "run reserve", "run pay", "undo reserve", "undo hold"]);
    expect(logged).toEqual([["[alloggio] booking: undoing reserve after pay failed", broken]]);
  });

  it("undoes nothing when the first step fails", async () => {
    const state: State = { calls: [] };
    const soldOut = new Error("sold out");
    await expect(
      runWorkflow(
        "test",
        [
          step("hold", () => {
            throw soldOut;
          }),
          step("pay"),
        ],
        state,
      ),
    ).rejects.toBe(soldOut);
    expect(state.calls).toEqual(["run hold"]);
  });
});
