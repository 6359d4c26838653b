// Prints the search page's initial JavaScript: the entry chunk of the built web app with every chunk it imports
// statically, gzip-compressed as a server would send it. `--json` prints one JSON object for the benchmark.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
if (!existsSync(join(dist, "index.html"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const html = readFileSync(join(dist, "index.html"), "utf8");
const entries = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/modulepreload[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), "utf8");
  // Static imports only (`import … from "./x.js"` and `import "./x.js"`); dynamic `import()` chunks load later.
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    queue.push(join(dirname(file), m[1]));
}
const files = [...seen].map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = files.reduce((sum, f) => sum + f.gzip, 0);
if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify({
      name: "search page initial JS (gzip)",
      value: Math.round(total / 102.4) / 10,
      unit: "KB",
      goal: 150,
      meets: total <= 150 * 1024,
      files,
    }),
  );
} else {
  for (const f of files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  search page initial JS, gzip (goal ≤ 150 KB)`);
}
