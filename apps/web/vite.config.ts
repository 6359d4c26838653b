import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
// Relative: the config is bundled on its own, and the workspace package is TypeScript.
import { FIRST_PAINT_NAMESPACES } from "../../packages/domain/src/first-paint/first-paint-id";
import { LANGUAGES } from "../../packages/domain/src/i18n/languages";

/**
 * Writes `x.br` and `x.gz` beside every built text file of more than 1 KB, which the server sends as they are
 * (`@fastify/static` with `preCompressed`) to a browser that accepts them: the first page's 460 KB of JavaScript
 * travel as about 140 KB, without compressing on each request (ADR 0046).
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "alloggio-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length <= 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The first page's early start (ADR 0046): index.html's inline script learns, per language id, the built files of
 * the text namespaces the search page shows at once, in that language and in English, the fallback (`FIRST_TEXTS`
 * becomes `{"1": ["/assets/common-….js", …], …}`), so it can preload them while the entry script downloads.
 */
const FIRST_NAMESPACES = ["common", "hotel", "global", "consent", "chat", "rooms", "search"];
function firstTexts(): Plugin {
  return {
    name: "alloggio-first-texts",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        // The dev server has no bundle: nothing to preload there.
        const byText = new Map<string, string[]>();
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue;
          const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(chunk.facadeModuleId);
          if (!match?.[1] || !FIRST_NAMESPACES.includes(match[2] ?? "")) continue;
          byText.set(match[1], [...(byText.get(match[1]) ?? []), `/${chunk.fileName}`]);
        }
        const files = Object.fromEntries(
          LANGUAGES.map((l) => [
            l.id,
            [...new Set([...(byText.get(l.text) ?? []), ...(byText.get("en") ?? [])])],
          ]),
        );
        return html.replace("FIRST_TEXTS", JSON.stringify(files));
      },
    },
  };
}

/**
 * The texts of the search page's first paint (ADR 0051): the server draws the header and the cookie notice or
 * consent banner into the HTML in the page's language, from these bundles, written beside index.html at build as
 * `first-paint-texts.json` (`{"en": {"common": {…}, …}, …}`): one source for the texts, the web app's.
 */
function firstPaintTexts(): Plugin {
  const locales = join(import.meta.dirname, "src/i18n/locales");
  return {
    name: "alloggio-first-paint-texts",
    apply: "build",
    generateBundle() {
      const texts = Object.fromEntries(
        readdirSync(locales).map((code) => [
          code,
          Object.fromEntries(
            FIRST_PAINT_NAMESPACES.map((ns) => [
              ns,
              JSON.parse(readFileSync(join(locales, code, `${ns}.json`), "utf8")) as unknown,
            ]),
          ),
        ]),
      );
      this.emitFile({ type: "asset", fileName: "first-paint-texts.json", source: JSON.stringify(texts) });
    },
  };
}

export default defineConfig({
  base: "/",
  plugins: [react(), firstTexts(), firstPaintTexts(), precompress()],
  server: {
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route's module needs at start (scripts/bundle-size.mjs).
    manifest: true,
    // The libraries every page needs at start in one chunk: without it the bundler splits modules shared by the
    // first page and a lazy one (the back office) into many small files, which compress worse (ADR 0024). Only
    // what the first page runs: zod (the contracts' schemas) is for the lazy areas (ADR 0046).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
