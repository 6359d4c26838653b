// PGlite's shared_buffers, 128MB (initdb's default) against 64MB (what openDatabase passes, ADR 0049), on the
// bench's data set: the search statement (B1, the repository call) one at a time over the same cases, the two
// settings interleaved A/B/B/A… so that a shared machine's drift falls on both; plus the wasm memory each ends with.
// Usage: npx tsx bench/shared-buffers.ts [rounds=3] [cases=400]
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../apps/server/src/db/client";
import { loadSearchContext } from "../apps/server/src/features/search/repository";
import { prepareDatabase } from "./database";
import { percentile } from "./load";
import { pgliteWasmBytes } from "./memory";
import { searchLoad, searchMix } from "./queries";

const rounds = Number(process.argv[2] ?? 3);
const count = Number(process.argv[3] ?? 400);
const prepared = await prepareDatabase("pglite", undefined);
const dir = prepared.env.DATA_DIR as string;
const loads = searchMix(prepared.data.today, count * 2, 11).map(searchLoad);
const results: Record<string, number[][]> = { "128MB": [], "64MB": [] };
const wasm: Record<string, number> = {};
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["128MB", "64MB"] : ["64MB", "128MB"];
    for (const sb of order) {
      const client = new PGlite(dir, {
        startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sb}`],
      });
      const database = await openDatabase({ pglite: client });
      // Warm-up over every case the run reads (and more), then the measured pass.
      for (const load of loads) await loadSearchContext(database, load);
      const latencies: number[] = [];
      for (const load of loads.slice(0, count)) {
        const t = performance.now();
        await loadSearchContext(database, load);
        latencies.push(performance.now() - t);
      }
      latencies.sort((a, b) => a - b);
      results[sb]?.push([percentile(latencies, 0.5), percentile(latencies, 0.99)]);
      wasm[sb] = pgliteWasmBytes(client) / 1024 / 1024;
      process.stderr.write(
        `round ${round + 1} shared_buffers=${sb}: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, wasm ${Math.round(wasm[sb] ?? 0)} MB\n`,
      );
      await database.close();
    }
  }
  for (const [sb, runs] of Object.entries(results)) {
    const p50s = runs.map((r) => r[0] ?? 0).sort((a, b) => a - b);
    console.log(
      `shared_buffers=${sb}: median p50 ${percentile(p50s, 0.5).toFixed(1)} ms over ${runs.length} rounds; wasm ${Math.round(wasm[sb] ?? 0)} MB`,
    );
  }
} finally {
  await prepared.drop();
}
