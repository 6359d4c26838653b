// One scheduler process for the concurrency test of timed-changes.test.ts: opens the PostgreSQL database given,
// runs the timed changes once at the instant given, prints the counts as JSON and exits.
import { openDatabase } from "../db/client";
import { createPaymentGateways, createSandboxGateway } from "../features/payments";
import { runTimedChanges } from "./timed-changes";

const [url, at] = process.argv.slice(2);
if (!url || !at) throw new Error("usage: timed-changes-process <database url> <ISO instant>");
const database = await openDatabase({ url, max: 4 });
try {
  const gateway = createSandboxGateway(database);
  const counts = await runTimedChanges(
    {
      database,
      gateways: createPaymentGateways(gateway),
      now: () => new Date(at),
      baseUrl: "http://localhost",
    },
    3,
  );
  console.log(JSON.stringify(counts));
} finally {
  await database.close();
}
