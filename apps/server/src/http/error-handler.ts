import type { ErrorDetail } from "@alloggio/domain/contract/common";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors";

type Detail = ErrorDetail;

export function sendError(
  reply: import("fastify").FastifyReply,
  requestId: string,
  status: number,
  code: string,
  message: string,
  details?: Detail[],
) {
  return reply.status(status).type("application/json").send({ error: { code, message, details, requestId } });
}

/**
 * Which check of the schema failed, for the page to say it in its language: the zod issue's code and the limits
 * it names (`too_small` with `minimum` 1 on a string: a required text). A custom check gives the name of its rule
 * when it has one (`params.rule`: the rules of a hotel, a room type, a rate plan), else only its message.
 */
function issueParams(keyword: string, params: unknown): ErrorDetail["params"] {
  const p = (params ?? {}) as Record<string, unknown>;
  if (keyword === "custom") {
    const rule = (p.params as Record<string, unknown> | undefined)?.rule;
    return typeof rule === "string" ? { issue: "custom", rule } : undefined;
  }
  if (!["too_small", "too_big", "invalid_format", "invalid_type"].includes(keyword)) return undefined;
  const out: NonNullable<ErrorDetail["params"]> = { issue: keyword };
  for (const key of ["minimum", "maximum"] as const) {
    const value = p[key];
    if (typeof value === "number" || typeof value === "bigint") out[key] = Number(value);
  }
  for (const key of ["origin", "format", "expected"] as const)
    if (typeof p[key] === "string") out[key] = p[key] as string;
  return out;
}

/** Every failure leaves as `{ error: { code, message, details?, requestId } }`; input problems are 4xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header("retry-after", String(err.retryAfterSeconds));
      return sendError(reply, request.id, err.status, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? "input";
      const details = err.validation.flatMap((v) => {
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        // An unknown key is named itself (`booker.foo`), not the object that holds it.
        const keys = v.keyword === "unrecognized_keys" ? (v.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(keys) && keys.length > 0)
          return keys.map((key) => ({
            field: path ? `${path}.${String(key)}` : String(key),
            message: "is not a known field",
          }));
        const params = issueParams(v.keyword, v.params);
        return [{ field: path || part, message: v.message ?? "is invalid", ...(params ? { params } : {}) }];
      });
      const first = details[0];
      return sendError(
        reply,
        request.id,
        400,
        "invalid_input",
        first ? `${first.field}: ${first.message}` : "invalid input",
        details,
      );
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, …
      const field =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE" || err.code?.startsWith("FST_ERR_CTP") ? "body" : "request";
      const code = status === 429 ? "rate_limited" : status === 413 ? "payload_too_large" : "invalid_input";
      return sendError(reply, request.id, status, code, err.message, [{ field, message: err.message }]);
    }
    request.log.error({ err }, "unhandled error");
    return sendError(
      reply,
      request.id,
      500,
      "internal_error",
      "Something went wrong on our side. Please try again.",
    );
  });
}

/**
 * Fastify's `frameworkErrors`: a request refused before routing (a path that does not decode, a path parameter
 * longer than `maxParamLength`) gets the one error shape too, naming the path.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
  const message = tooLong ? "a part of the address is too long" : "the address is not valid";
  return sendError(reply, request.id, tooLong ? 414 : 400, "invalid_input", `path: ${message}`, [
    { field: "path", message },
  ]);
}
