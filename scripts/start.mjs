// `npm start`: builds the web app when its sources are newer than the last build, and the server bundle
// (scripts/build-server.mjs, esbuild, about a second) when the server's sources are newer than it, then runs the
// bundle in this process: no TypeScript loader at run time (tsx cost ~100 MB and seconds of every start, ADR 0049),
// and a restart costs no build and no extra process.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureServerBuild, isStale, serverBundle, webIndex, webSources } from "./build-server.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../..");

if (isStale(webIndex, webSources)) {
  console.log("[alloggio] building the web app…");
  execFileSync("npm", ["run", "build", "-w", "@alloggio/web"], { cwd: root, stdio: "inherit" });
}
const serverBuildMs = await ensureServerBuild();
if (serverBuildMs > 0) console.log(`[alloggio] server built in ${Math.round(serverBuildMs)} ms`);

// With the demo data (the default) outside production, the demo's mails are shown at /dev/mailbox.
const demo = !["false", "0"].includes(process.env.DEMO_DATA ?? "true");
if (demo && process.env.NODE_ENV !== "production") process.env.DEV_MAILBOX ??= "true";

await import(pathToFileURL(serverBundle).href);
