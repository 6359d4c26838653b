import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  plugins: [react()],
  server: {
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The libraries every page needs at start in one chunk: without it the bundler splits modules shared by the
    // first page and a lazy one (the back office) into many small files, which compress worse (ADR 0024).
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
