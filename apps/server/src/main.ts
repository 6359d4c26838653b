import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEnv } from "./config/env";
import { startServer } from "./server";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

try {
  const env = loadEnv();
  const started = await startServer(env, { root });
  const stop = async (signal: string) => {
    started.app.log.info({ signal }, "stopping");
    await started.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
