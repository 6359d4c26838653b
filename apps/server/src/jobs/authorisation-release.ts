import { releaseLapsingAuthorisations } from "../features/manage";
import type { TimedChangeDeps } from "./deps";

/**
 * Releases the pre-authorisations the hotels left held before their gateway's authorisation window ends (ADR
 * 0074): a hold left to lapse would leave the guest's money blocked for nothing and the hotel unable to capture
 * anyway. Each release is in the reservation's history, which is how the hotel learns of it.
 */
export async function releaseLapsingHolds(deps: TimedChangeDeps, batchSize = 50): Promise<number> {
  if (!deps.gateways) return 0;
  let released = 0;
  for (;;) {
    const done = await releaseLapsingAuthorisations(
      { database: deps.database, gateways: deps.gateways, now: deps.now },
      batchSize,
    );
    released += done;
    if (done < batchSize) return released;
  }
}
