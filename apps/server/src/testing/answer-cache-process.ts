// The other process of the cache test in answer-cache.test.ts: the real app on the PostgreSQL database given, with
// its own search cache, at a fixed instant. Prints its URL as JSON, serves until SIGTERM. `/test/cache-stats`
// (this script's own route) tells the test how many answers came from the cache. With a third argument `deaf` it
// stops listening for NOTIFY at once: its answers must then be right by the version check alone.
import { openDatabase } from "../db/client";
import { buildApp } from "../http/app";

const [url, at, mode] = process.argv.slice(2);
if (!url || !at) throw new Error("usage: answer-cache-process <database url> <ISO instant>");
const database = await openDatabase({ url, max: 4 });
const app = await buildApp({
  database,
  now: () => new Date(at),
  apiKeys: ["test-key"],
  overrideSecret: "test-override-secret",
  logLevel: "silent",
});
app.get("/test/cache-stats", async () => app.searchCache?.stats() ?? null);
if (mode === "deaf") await app.searchCache?.close();
const address = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(JSON.stringify({ url: address }));
process.on("SIGTERM", () => {
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
