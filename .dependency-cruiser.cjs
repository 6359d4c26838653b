/** The server's layering rules (ARCHITECTURE.md §2, apps/server/README.md). `npm run lint:deps` checks them. */
module.exports = {
  forbidden: [
    {
      name: "sql-only-in-repositories",
      comment: "SQL lives in repositories (and the db layer, migrations, demo data, tests).",
      severity: "error",
      from: {
        path: "^apps/server/src/",
        pathNot: [
          "repository\\.ts$",
          "^apps/server/src/db/",
          "\\.test\\.ts$",
          "^apps/server/src/testing/",
          "/demo/",
        ],
      },
      to: {
        path: [
          "node_modules/drizzle-orm/",
          "node_modules/postgres/",
          "node_modules/@electric-sql/pglite/",
          "^apps/server/src/db/schema\\.ts$",
        ],
        // The schema's row types may go anywhere; its tables are for building statements.
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "features-through-their-public-face",
      comment: "A feature imports another feature only through its index.ts.",
      severity: "error",
      from: { path: "^apps/server/src/features/([^/]+)/" },
      to: {
        path: "^apps/server/src/features/([^/]+)/",
        pathNot: ["^apps/server/src/features/$1/", "^apps/server/src/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "layers-through-the-public-face",
      comment:
        "The HTTP layer, the jobs, the db tools and the start use a feature only through its index.ts.",
      severity: "error",
      from: { path: "^apps/server/src/(?!features/)" },
      to: { path: "^apps/server/src/features/[^/]+/(?!index\\.ts$)" },
    },
    {
      name: "features-below-http",
      comment:
        "A use case knows no HTTP: no route, cookie or reply. It may throw an AppError and name the HTTP layer's types.",
      severity: "error",
      from: { path: "^apps/server/src/features/" },
      to: {
        path: "^apps/server/src/http/",
        pathNot: "^apps/server/src/http/errors\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "test-kit-through-the-faces",
      comment:
        "The test kit builds through the server's package faces: @alloggio/server/db, /app, /features/<name>.",
      severity: "error",
      from: { path: "^packages/test-kit/" },
      to: {
        path: "^apps/server/src/",
        pathNot: "^apps/server/src/(db/index|http/app|features/[^/]+/index)\\.ts$",
      },
    },
    {
      name: "no-cycles",
      severity: "error",
      from: { path: "^apps/server/src/", pathNot: "\\.test\\.ts$" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
