// One sweeping process for the concurrency test of abandoned-holds.test.ts: opens the PostgreSQL database given,
// sweeps the abandoned holds once at the instant given, prints the counts as JSON and exits.
import { openDatabase } from "../db/client";
import { releaseAbandonedHolds } from "../features/booking";
import { createPaymentGateways, createSandboxGateway } from "../features/payments";

const [url, at] = process.argv.slice(2);
if (!url || !at) throw new Error("usage: abandoned-holds-process <database url> <ISO instant>");
const database = await openDatabase({ url, max: 4 });
try {
  const gateway = createSandboxGateway(database);
  const deps = {
    database,
    gateways: createPaymentGateways(gateway),
    now: () => new Date(at),
    overrideSecret: "x",
  };
  console.log(JSON.stringify(await releaseAbandonedHolds(deps, "http://localhost", 100)));
} finally {
  await database.close();
}
