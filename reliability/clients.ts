// How a reliability test talks to the product: two real server processes on PostgreSQL (requests alternate
// between them), or the app in-process on PGlite (one process holds an embedded database).
import { createTestApp } from "@alloggio/test-kit/app";
import type { Database } from "../apps/server/src/db/client";
import { postJson, startServerProcess } from "./harness";

// biome-ignore lint/suspicious/noExplicitAny: the JSON answer of any call, read by the test that sent it
export type Answer = { status: number; body: any };
export type Product = {
  processes: number;
  database: "postgres" | "pglite";
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** A form post, as a browser sends the gateway's pages: the HTML (or redirect) answered. */
  form(path: string, body: string): Promise<{ status: number; text: string; location: string | null }>;
  close(): Promise<void>;
};

export async function startProduct(database: Database, processes = 2): Promise<Product> {
  if (database.kind === "postgres" && database.url) {
    const servers = await Promise.all(
      Array.from({ length: processes }, () => startServerProcess({ DATABASE_URL: database.url! })),
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
      close: async () => {
        await Promise.all(servers.map((s) => s.stop()));
      },
    };
  }
  const app = await createTestApp(database, () => new Date());
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
