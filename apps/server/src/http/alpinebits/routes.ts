import { Transform } from "node:stream";
import { createGunzip } from "node:zlib";
import type { FastifyError } from "fastify";
import type { Database } from "../../db/client";
import { handleAlpineBits } from "../../features/alpinebits";
import type { App } from "../app-type";

/** The AlpineBits endpoint (ADR 0078; README "AlpineBits"). */
export const ALPINEBITS_PATH = "/alpinebits";

/** The most bytes of a request body (after gzip is undone): a complete set of a large hotel's year fits. */
export const MAX_ALPINEBITS_BYTES = 10 * 1024 * 1024;

const errorLine = (message: string) => `ERROR:${message}`;

/** Counts the bytes that arrive compressed, which Fastify compares with Content-Length (its `receivedEncodedLength`). */
function gunzipCounting(payload: NodeJS.ReadableStream) {
  let encoded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      encoded += chunk.length;
      done(null, chunk);
    },
  });
  const gunzip = createGunzip();
  counter.on("error", (err) => gunzip.destroy(err));
  payload.pipe(counter).pipe(gunzip);
  Object.defineProperty(gunzip, "receivedEncodedLength", { get: () => encoded });
  return gunzip;
}

/**
 * POST /alpinebits: multipart/form-data (or a urlencoded form) with `action` and `request`, the whole body gzip
 * compressed when `Content-Encoding: gzip` says so (every answer advertises it with
 * X-AlpineBits-Server-Accept-Encoding). Everything the transport refuses is a plain-text `ERROR:` line.
 */
export function registerAlpineBitsRoutes(
  app: App,
  deps: { database: Database; now: () => Date; publicUrl?: string },
): void {
  app.register(async (scope) => {
    scope.addHook("onRequest", async (_request, reply) => {
      reply.header("x-alpinebits-server-accept-encoding", "gzip");
    });
    scope.addHook("preParsing", async (request, _reply, payload) => {
      const encoding = String(request.headers["content-encoding"] ?? "identity")
        .trim()
        .toLowerCase();
      if (encoding === "gzip") return gunzipCounting(payload);
      if (encoding !== "identity") {
        const err = new Error(
          `Content-Encoding ${encoding} is not accepted: send gzip or nothing`,
        ) as FastifyError;
        err.statusCode = 415;
        throw err;
      }
      return payload;
    });
    for (const type of ["multipart/form-data", "application/x-www-form-urlencoded"])
      scope.addContentTypeParser(
        type,
        { parseAs: "buffer", bodyLimit: MAX_ALPINEBITS_BYTES },
        (_req, body, done) => done(null, body),
      );
    scope.setErrorHandler((err: FastifyError, request, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      const gzip = (err as { code?: string }).code?.startsWith("Z_");
      if (status === 500 && !gzip) request.log.error({ err }, "alpinebits request failed");
      const message =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? `the request is larger than ${MAX_ALPINEBITS_BYTES} bytes`
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "send the parameters as multipart/form-data"
            : gzip
              ? "the body is not valid gzip"
              : status === 500
                ? "internal server error"
                : err.message;
      return reply
        .status(gzip ? 400 : status)
        .type("text/plain; charset=utf-8")
        .send(errorLine(message));
    });
    scope.post(
      ALPINEBITS_PATH,
      {
        bodyLimit: MAX_ALPINEBITS_BYTES,
        // The whole body's gzip is undone above, counted against the limit, with the standard's answers.
        decompress: false,
        schema: {
          tags: ["alpinebits"],
          summary: "AlpineBits HotelData 2024-10 server: form parameters `action` and `request` (ADR 0078)",
          consumes: ["multipart/form-data"],
        },
      },
      async (request, reply) => {
        const contentType = String(request.headers["content-type"] ?? "");
        let form: FormData | null = null;
        if (Buffer.isBuffer(request.body))
          form = await new Response(new Uint8Array(request.body), {
            headers: { "content-type": contentType },
          })
            .formData()
            .catch(() => null);
        if (!form)
          return reply
            .status(400)
            .type("text/plain; charset=utf-8")
            .send(errorLine("the body is not a multipart/form-data form"));
        const field = async (name: string): Promise<string | undefined> => {
          const value = form.get(name);
          if (value === null) return undefined;
          return typeof value === "string" ? value : await value.text();
        };
        const clientId = request.headers["x-alpinebits-clientid"];
        if (clientId) request.log.info({ alpinebitsClientId: String(clientId) }, "alpinebits client");
        const answer = await handleAlpineBits(deps, {
          authorization: request.headers.authorization,
          protocolVersion: request.headers["x-alpinebits-clientprotocolversion"] as string | undefined,
          action: await field("action"),
          request: await field("request"),
        });
        if (answer.status === 401)
          reply.header("www-authenticate", 'Basic realm="AlpineBits", charset="UTF-8"');
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });
}
