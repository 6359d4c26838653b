import { createTestApp } from "@alloggio/test-kit/app";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { ANONYMOUS_BACK_OFFICE_ROUTES } from "../../http/backoffice/routes";

// An anonymous caller learns nothing of the back office's schemas: the session is checked before the body.
let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => new Date("2030-01-05T10:00:00Z"));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("back-office routes check the session before the input", () => {
  it("answers 401 to every documented back-office call without a session, whatever its body, query or path", async () => {
    const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith("/api/backoffice/"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
      )
      .filter((c) => !ANONYMOUS_BACK_OFFICE_ROUTES.includes(c.path.replace(/\{(\w+)\}/g, ":$1")));
    expect(calls.length).toBeGreaterThan(30);
    const answered: string[] = [];
    for (const { path, method } of calls) {
      const res = await app.inject({
        method: method as "GET",
        // Path parameters that no schema accepts, a query no schema knows, a body no schema takes.
        url: `${path.replace(/\{\w+\}/g, "not-an-id")}?bogus=1&page=-5`,
        ...(method === "GET" || method === "DELETE" ? {} : { payload: { bogus: true } }),
      });
      if (res.statusCode !== 401 || res.json().error.code !== "staff_sign_in_required")
        answered.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answered).toEqual([]);
  });
});
