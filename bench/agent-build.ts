// The bench's server process runs as a bundle, as the product does (`npm start` and `npm run start:prod` both run
// apps/server/dist/server.js, ADR 0049): agent.ts and the server sources it imports are bundled by esbuild into
// bench/results/agent/agent.mjs (the voucher PDF thread's script, pdf-worker.mjs, beside it: ADR 0055), packages
// from node_modules staying imports, the SQL migrations copied beside it
// (db/client.ts reads them next to its own module). Run through tsx instead, the server child also carried the
// TypeScript loader — its loader thread, the transformed sources and their source maps, about 100 MB of the
// measured VmHWM that no deployment carries.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { nodeModulesExternal } from "../scripts/build-server.mjs";

export async function buildAgent(root: string): Promise<string> {
  const out = join(root, "bench/results/agent");
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The voucher PDF's worker thread (ADR 0055) is a script of its own, found next to the agent.
    entryPoints: {
      agent: join(root, "bench/agent.ts"),
      "pdf-worker": join(root, "apps/server/src/features/voucher-pdf/pdf-worker.ts"),
    },
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [nodeModulesExternal],
  });
  cpSync(join(root, "apps/server/src/db/migrations"), join(out, "migrations"), { recursive: true });
  return join(out, "agent.mjs");
}
