import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors";

type Detail = { field: string; message: string };

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

/** Every failure leaves as `{ error: { code, message, details?, requestId } }`; input problems are 4xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError)
      return sendError(reply, request.id, err.status, err.code, err.message, err.details);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? "input";
      const details = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return { field: path || part, message: v.message ?? "is invalid" };
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
