// The search page: its initial JavaScript (scripts/bundle-size.mjs) and, when asked with --lighthouse, Lighthouse's
// mobile performance and accessibility scores in Debian's Chromium.
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "puppeteer-core";
import { isStale, webIndex, webSources } from "../scripts/build-server.mjs";
import { type Figure, info } from "./figures";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Builds the web app when its build is missing or older than its sources: the same rule as scripts/start.mjs, run
 * here first so that the start-time figures never include a build. Returns the build time, or 0.
 */
export function ensureWebBuild(): number {
  if (!isStale(webIndex, webSources)) return 0;
  const t0 = performance.now();
  execFileSync("npm", ["run", "build", "-w", "@alloggio/web"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return performance.now() - t0;
}

export type InitialJs = {
  value: number;
  files: { file: string; gzip: number }[];
  /** Each page loaded on demand: its initial JS (the search page's and its own chunks), gzip, in KB. */
  routes: { name: string; value: number; files: number }[];
};

/** The search page's initial JS and every other page's, gzip, in KB, as scripts/bundle-size.mjs measures them. */
export function measureInitialJs(): InitialJs {
  const out = execFileSync(process.execPath, [join(root, "scripts/bundle-size.mjs"), "--json"], {
    cwd: root,
  });
  const parsed = JSON.parse(out.toString()) as InitialJs;
  return { value: parsed.value, files: parsed.files, routes: parsed.routes };
}

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  ms: number;
  /** The metrics behind the performance score (simulated mobile), in ms; CLS has no unit. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** The run's whole report (Lighthouse's JSON), for reading afterwards. */
  report: string;
};

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium as every Lighthouse run of the bench starts it. */
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"];

/**
 * Lighthouse (its default simulated throttling) on a page, in Debian's Chromium: mobile, or its desktop preset.
 * Without `page` in a browser of its own; with one (a Puppeteer tab already signed in, or with rooms chosen:
 * lighthouse-signed-in.ts), in that tab, which keeps its cookies and session storage.
 */
export async function runLighthouse(
  url: string,
  options: { page?: Page; preset?: "mobile" | "desktop" } = {},
): Promise<LighthouseScores> {
  const t0 = performance.now();
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const desktop = options.preset === "desktop";
  const config = desktop ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const chrome = options.page ? null : await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        ...(chrome ? { port: chrome.port } : {}),
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // The flags override the config's settings: the desktop preset's form factor is its own.
        ...(desktop ? {} : { formFactor: "mobile" as const }),
      },
      config,
      options.page,
    );
    const categories = result?.lhr.categories;
    // A run Lighthouse could not finish (no paint seen, the page hung…) has no score, not a score of 0: it is a
    // failed run, reported with Lighthouse's reason, and the bench runs another.
    const performanceScore = categories?.performance?.score;
    if (typeof performanceScore !== "number") {
      const error = result?.lhr.runtimeError;
      throw new Error(`no performance score: ${error ? `${error.code} ${error.message}` : "no result"}`);
    }
    const metric = (id: string) => result?.lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round(performanceScore * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories?.["best-practices"]?.score ?? 0) * 100),
      seo: Math.round((categories?.seo?.score ?? 0) * 100),
      ms: performance.now() - t0,
      report: JSON.stringify(result?.lhr),
      metrics: {
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        speedIndex: metric("speed-index"),
      },
    };
  } finally {
    chrome?.kill();
  }
}

/**
 * What the performance score is made of, as info rows beside it (same Lighthouse run): the largest contentful
 * paint, the total blocking time and the cumulative layout shift weigh 80 % of it, the first contentful paint and
 * the speed index the rest.
 */
export function lighthouseMetricFigures(scores: LighthouseScores): Figure[] {
  const { fcp, lcp, tbt, cls, speedIndex } = scores.metrics;
  const ms = (v: number) => Math.round(v);
  return [
    info(
      "Lighthouse LCP (search page)",
      ms(lcp),
      "ms",
      "largest contentful paint, simulated mobile; 25 % of the score",
    ),
    info("Lighthouse TBT (search page)", ms(tbt), "ms", "total blocking time; 30 % of the score"),
    info(
      "Lighthouse CLS (search page)",
      Math.round(cls * 1000) / 1000,
      "",
      "cumulative layout shift; 25 % of the score",
    ),
    info("Lighthouse FCP (search page)", ms(fcp), "ms", "first contentful paint; 10 % of the score"),
    info("Lighthouse speed index (search page)", ms(speedIndex), "ms", "10 % of the score"),
  ];
}

/**
 * A page Lighthouse measures: its name in the figures, its path, how many runs; private pages carry `noindex`.
 * `measure` replaces the plain run on `path` for a page a bare address cannot open (lighthouse-signed-in.ts), `preset`
 * names the form factor in its rows, and `extra` adds rows from its median run.
 */
export type LighthousePage = {
  name: string;
  path: string;
  runs: number;
  private?: boolean;
  preset?: "mobile" | "desktop";
  measure?: () => Promise<LighthouseScores>;
  extra?: (median: LighthouseScores) => Figure[];
};
