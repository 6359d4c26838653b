// `npm run build` (after the web app): bundles the server and the domain package it imports into
// apps/server/dist/server.js, which `node` runs as it is (no tsx, no build at boot): `npm run start:prod`.
// Packages from node_modules stay imports (they are installed beside it); what the server reads at run time from its
// own folder, the SQL migrations, is copied next to the bundle (ADR 0014). `npm start` (scripts/start.mjs) runs the
// same bundle, rebuilt first when a source is newer than it (ADR 0049).
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const server = join(root, "apps/server");
const dist = join(server, "dist");
export const serverBundle = join(dist, "server.js");

const web = join(root, "apps/web");
export const webIndex = join(web, "dist/index.html");

/**
 * What the web app's build is made of: its sources, page, config, manifest and public files, and the domain
 * package it imports (an edit there, money or dates, changes the app too). `npm start` and the bench rebuild it
 * when one of them is newer than `webIndex`.
 */
export const webSources = [
  ...["src", "index.html", "vite.config.ts", "package.json", "public"].map((p) => join(web, p)),
  join(root, "packages/domain/src"),
  join(root, "packages/domain/package.json"),
];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when it does not exist. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** What the bundle is made of: the server's and the domain package's sources, their manifests, this script. */
export const serverSources = [
  join(server, "src"),
  join(server, "package.json"),
  join(root, "packages/domain/src"),
  join(root, "packages/domain/package.json"),
  fileURLToPath(import.meta.url),
];

/** Whether `output` is missing or older than the newest of `inputs` (files or folders). */
export function isStale(output, inputs) {
  return !existsSync(output) || statSync(output).mtimeMs < Math.max(0, ...inputs.map(newest));
}

/** Builds apps/server/dist (the bundle, its source map, the migrations). esbuild is loaded only for a build. */
/** An esbuild plugin: every package import stays an import, except the workspace's own TypeScript (@alloggio/*). */
export const nodeModulesExternal = {
  name: "node-modules-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@alloggio/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { build } = await import("esbuild");
  rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The voucher PDF's worker thread (ADR 0055) is a script of its own, found next to the server's.
    entryPoints: {
      server: join(server, "src/main.ts"),
      "pdf-worker": join(server, "src/features/voucher-pdf/pdf-worker.ts"),
    },
    outdir: dist,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [nodeModulesExternal],
  });
  cpSync(join(server, "src/db/migrations"), join(dist, "migrations"), { recursive: true });
}

/** Builds the server bundle when it is missing or older than its sources; returns the build time in ms, or 0. */
export async function ensureServerBuild() {
  if (!isStale(serverBundle, serverSources)) return 0;
  const t0 = performance.now();
  await buildServer();
  return performance.now() - t0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`[alloggio] server built in ${dist}`);
}
