import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { processPlan, runPrimary } from "./cluster";
import { loadEnv } from "./config/env";
import { prepareDatabase, startServer } from "./server";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

try {
  const env = loadEnv();
  const plan = processPlan(env);
  // PROCESSES=N > 1: this process migrates once and forks N workers, each of which runs the branch below (ADR 0048).
  if (plan.role === "primary")
    await runPrimary(plan.processes, async () => {
      const database = await prepareDatabase(env, root, (msg) => console.log(`[alloggio] ${msg}`));
      await database.close();
    });
  else {
    const started = await startServer(env, { root });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return; // a worker may get both the terminal's SIGINT and its primary's SIGTERM
      stopping = true;
      started.app.log.info({ signal }, "stopping");
      await started.close();
      process.exit(0);
    };
    process.on("SIGINT", () => void stop("SIGINT"));
    process.on("SIGTERM", () => void stop("SIGTERM"));
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
