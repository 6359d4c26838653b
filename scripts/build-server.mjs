// `npm run build` (after the web app): bundles the server and the domain package it imports into
// apps/server/dist/server.js, which `node` runs as it is (no tsx, no build at boot): `npm run start:prod`.
// Packages from node_modules stay imports (they are installed beside it); what the server reads at run time from its
// own folder, the SQL migrations, is copied next to the bundle (ADR 0014).
import { cpSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const server = join(root, "apps/server");
const dist = join(server, "dist");

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: join(server, "src/main.ts") },
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      // Every package import stays an import, except the workspace's own TypeScript packages (@alloggio/*).
      name: "node-modules-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@alloggio/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(join(server, "src/db/migrations"), join(dist, "migrations"), { recursive: true });
console.log(`[alloggio] server built in ${dist}`);
