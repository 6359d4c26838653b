// How a reliability test talks to the product: two real server processes on PostgreSQL (requests alternate
// between them), or the app in-process on PGlite (one process holds an embedded database).
import { createTestApp, TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import type { Database } from "../apps/server/src/db/client";
import { type AppOptions, buildApp } from "../apps/server/src/http/app";
import { postJson, startServerProcess } from "./harness";

// biome-ignore lint/suspicious/noExplicitAny: the JSON answer of any call, read by the test that sent it
export type Answer = { status: number; body: any };
export type Product = {
  processes: number;
  database: "postgres" | "pglite";
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** A form post, as a browser sends the gateway's pages: the HTML (or redirect) answered. */
  form(path: string, body: string): Promise<{ status: number; text: string; location: string | null }>;
  /** A body sent as it is (a gateway's signed webhook): the status and the parsed answer. */
  raw(path: string, payload: string, headers: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
};

/** What a gateway other than the sandbox adds: the server processes' environment, or the in-process app's options. */
export type ProductExtras = { env?: Record<string, string>; app?: Partial<AppOptions> };

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function startProduct(
  database: Database,
  processes = 2,
  extras: ProductExtras = {},
): Promise<Product> {
  if (database.kind === "postgres" && database.url) {
    const servers = await Promise.all(
      Array.from({ length: processes }, () =>
        startServerProcess({ DATABASE_URL: database.url!, ...extras.env }),
      ),
    );
    let turn = 0;
    return {
      processes,
      database: "postgres",
      post: async (path, body, headers = {}) => {
        const server = servers[turn++ % servers.length]!;
        const res = await postJson(`${server.url}${path}`, body, headers);
        return { status: res.status, body: res.body };
      },
      form: async (path, body) => {
        const res = await fetch(`${servers[0]!.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
          redirect: "manual",
        });
        return { status: res.status, text: await res.text(), location: res.headers.get("location") };
      },
      raw: async (path, payload, headers) => {
        const server = servers[turn++ % servers.length]!;
        try {
          const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: payload });
          return { status: res.status, body: parsed(await res.text()) };
        } catch (err) {
          return { status: 0, body: String(err) };
        }
      },
      close: async () => {
        await Promise.all(servers.map((s) => s.stop()));
      },
    };
  }
  const app = extras.app
    ? await buildApp({
        database,
        now: () => new Date(),
        sleep: async () => {},
        apiKeys: [TEST_API_KEY],
        overrideSecret: TEST_OVERRIDE_SECRET,
        logLevel: "silent",
        ...extras.app,
      })
    : await createTestApp(database, () => new Date());
  return {
    processes: 1,
    database: "pglite",
    post: async (path, body, headers = {}) => {
      const res = await app.inject({ method: "POST", url: path, payload: body as object, headers });
      let parsed: unknown = res.body;
      try {
        parsed = res.json();
      } catch {}
      return { status: res.statusCode, body: parsed };
    },
    form: async (path, body) => {
      const res = await app.inject({
        method: "POST",
        url: path,
        payload: body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const location = res.headers.location;
      return {
        status: res.statusCode,
        text: res.body,
        location: typeof location === "string" ? location : null,
      };
    },
    raw: async (path, payload, headers) => {
      const res = await app.inject({ method: "POST", url: path, payload, headers });
      return { status: res.statusCode, body: parsed(res.body) };
    },
    close: () => app.close(),
  };
}

/** A token for a test card from the sandbox gateway's card page, as a guest's browser would get it. */
export async function cardToken(
  product: Product,
  number: string,
): Promise<{ cardToken: string; cardLast4: string }> {
  const html = (
    await product.form(
      "/sandbox-gateway/card",
      `number=${number}&expiry=12%2F2031&holder=Maria+Rossi&cvv=123&return=%2F`,
    )
  ).text;
  const token = /data-token="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no card token: ${html.slice(0, 200)}`);
  return { cardToken: token, cardLast4: number.slice(-4) };
}
