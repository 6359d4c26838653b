import { readFileSync, unlinkSync } from "node:fs";

/**
 * Crash injection for the reliability suite (R4): when ALLOGGIO_CRASH_FILE names a file whose content is this
 * point's name, the file is removed and the process is killed at once (SIGKILL: no cleanup, no rollback sent),
 * as a power cut would. Without the variable (always, outside that suite) it does nothing.
 */
export function crashPoint(
  name:
    | "after_inventory"
    | "before_insert"
    | "before_commit"
    // Between the gateway's answer and our commit: its page opened but not recorded; its payment seen but not settled.
    | "after_gateway"
    | "before_payment_commit",
): void {
  const file = process.env.ALLOGGIO_CRASH_FILE;
  if (!file) return;
  let wanted: string;
  try {
    wanted = readFileSync(file, "utf8").trim();
  } catch {
    return;
  }
  if (wanted !== name) return;
  try {
    unlinkSync(file);
  } catch {
    return; // another request got there first
  }
  process.kill(process.pid, "SIGKILL");
}
