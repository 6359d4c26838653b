// The search page: its initial JavaScript (scripts/bundle-size.mjs) and, when asked with --lighthouse, Lighthouse's
// mobile performance and accessibility scores in Debian's Chromium.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "apps/web");

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Builds the web app when its build is missing or older than its sources: the same rule as scripts/start.mjs, run
 * here first so that the start-time figures never include a build. Returns the build time, or 0.
 */
export function ensureWebBuild(): number {
  const built = join(web, "dist/index.html");
  const sources = Math.max(
    ...["src", "index.html", "vite.config.ts", "package.json", "public"].map((p) => newest(join(web, p))),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return 0;
  const t0 = performance.now();
  execFileSync("npm", ["run", "build", "-w", "@alloggio/web"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return performance.now() - t0;
}

export type InitialJs = { value: number; files: { file: string; gzip: number }[] };

/** The search page's initial JS, gzip, in KB, as scripts/bundle-size.mjs measures it. */
export function measureInitialJs(): InitialJs {
  const out = execFileSync(process.execPath, [join(root, "scripts/bundle-size.mjs"), "--json"], {
    cwd: root,
  });
  const parsed = JSON.parse(out.toString()) as InitialJs;
  return { value: parsed.value, files: parsed.files };
}

export type LighthouseScores = { performance: number; accessibility: number; ms: number };

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Lighthouse (mobile, its default simulated throttling) on a page, in Debian's Chromium. */
export async function runLighthouse(url: string): Promise<LighthouseScores> {
  const t0 = performance.now();
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      formFactor: "mobile",
    });
    const categories = result?.lhr.categories;
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      ms: performance.now() - t0,
    };
  } finally {
    chrome.kill();
  }
}
