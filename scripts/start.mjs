// `npm start`: builds the web app when its sources are newer than the last build, then runs the server from
// source (tsx) in this process, so a restart costs no build and no extra process.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "apps/web");
const built = join(web, "dist/index.html");

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = Math.max(
  ...["src", "index.html", "vite.config.ts", "package.json", "public"].map((p) => newest(join(web, p))),
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("[alloggio] building the web app…");
  execFileSync("npm", ["run", "build", "-w", "@alloggio/web"], { cwd: root, stdio: "inherit" });
}

// With the demo data (the default) outside production, the demo's mails are shown at /dev/mailbox.
const demo = !["false", "0"].includes(process.env.DEMO_DATA ?? "true");
if (demo && process.env.NODE_ENV !== "production") process.env.DEV_MAILBOX ??= "true";

const { register } = await import("tsx/esm/api");
register();
await import(join(root, "apps/server/src/main.ts"));
