// Prints each page's initial JavaScript, gzip-compressed as a server would send it: the search page's is the entry
// chunk with every chunk it imports statically; a page loaded on demand adds its own chunk and the chunks that one
// imports statically (the build's manifest, dist/.vite/manifest.json, says which). `--json` prints one JSON object
// for the benchmark: the search page's figure and `routes`, one per page.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const manifestFile = join(dist, ".vite/manifest.json");
if (!existsSync(join(dist, "index.html")) || !existsSync(manifestFile)) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

/** The pages loaded on demand (the router's lazy imports): the name shown, the module. */
const PAGES = [
  ["portal", "src/features/portal/portal-page.tsx"],
  ["packages", "src/features/packages/package-list-page.tsx"],
  ["package", "src/features/packages/package-view-page.tsx"],
  ["services", "src/features/services/services-page.tsx"],
  ["checkout", "src/features/checkout/checkout-page.tsx"],
  ["voucher", "src/features/voucher/voucher-page.tsx"],
  ["offer", "src/features/offers/offer-page.tsx"],
  ["agency area", "src/features/agency/agency-page.tsx"],
  ["back office", "src/backoffice/back-office.tsx"],
];

/** The JS files a manifest entry needs at start: its own and those it imports statically, transitively. */
function closure(keys) {
  const files = new Set();
  const queue = [...keys];
  const seen = new Set();
  while (queue.length > 0) {
    const key = queue.shift();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-size: ${key} is not in the build's manifest`);
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

const gzipOf = new Map();
function sized(files) {
  const list = [...files].map((file) => {
    if (!gzipOf.has(file)) {
      const bytes = readFileSync(join(dist, file));
      gzipOf.set(file, { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return { file, ...gzipOf.get(file) };
  });
  const total = list.reduce((sum, f) => sum + f.gzip, 0);
  return { files: list, total, kb: Math.round(total / 102.4) / 10 };
}

const search = sized(closure(["index.html"]));
const routes = PAGES.map(([name, key]) => ({ name, ...sized(closure(["index.html", key])) }));

if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify({
      name: "search page initial JS (gzip)",
      value: search.kb,
      unit: "KB",
      goal: 150,
      meets: search.total <= 150 * 1024,
      files: search.files,
      routes: routes.map((r) => ({ name: r.name, value: r.kb, files: r.files.length })),
    }),
  );
} else {
  for (const f of search.files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `${(search.total / 1024).toFixed(1).padStart(7)} KB  search page initial JS, gzip (goal ≤ 150 KB)`,
  );
  for (const r of routes)
    console.log(
      `${(r.total / 1024).toFixed(1).padStart(7)} KB  ${r.name} page initial JS (${r.files.length} files)`,
    );
}
