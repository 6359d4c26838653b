// A back-office route told once: its API docs entry, who may call it, its input and the status of its answer.
import type { Area } from "@alloggio/domain/contract/backoffice/access";
import type { FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { z } from "zod";
import type { BackOfficeDeps, Staff } from "../../features/backoffice";
import { requireHotel, requireStaff, staffOf } from "../../features/backoffice";
import type { App } from "../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "./openapi";

type Input = z.ZodType | undefined;
type Parsed<S extends Input> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a staff route declares; fastify checks the input against it before the handler runs. Its answer: `answer`,
 * a schema (200) or a text (204 without a body, the text describing it), or `created`, a schema (201).
 */
export type StaffRouteSpec<
  P extends Input,
  Q extends Input,
  B extends Input,
  A extends z.ZodType | string,
> = {
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** Errors it may answer besides the back office's own. */
  errors?: Record<number, z.ZodType>;
} & ({ answer: A } | { created: A & z.ZodType });

/** The handler's request: the signed-in user (of the area, and of the path's hotel) and the parsed input. */
export type StaffCall<P extends Input, Q extends Input, B extends Input> = {
  staff: Staff;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
};

// A 204 route's handler may answer anything: nothing of it is sent.
type Answer<A> = A extends z.ZodType ? z.input<A> : unknown;

/** Declares one route: its path, what it declares, its handler. */
export type Define = <P extends Input, Q extends Input, B extends Input, A extends z.ZodType | string>(
  url: string,
  spec: StaffRouteSpec<P, Q, B, A>,
  handler: (call: StaffCall<P, Q, B>) => Promise<Answer<A> | FastifyReply> | Answer<A>,
) => void;

/**
 * The back office's routes of one area (null: any signed-in user): every one checks the session and the role, and
 * a path with `:hotelId` checks that the user may see that hotel (404 otherwise), before its handler.
 */
export function staffRoutes(app: App, deps: BackOfficeDeps, area: Area | null) {
  /** The signed-in user, if they may use the area (401, 403), and the hotel when one is named (404). */
  const check = async (request: FastifyRequest, hotelId?: number): Promise<Staff> => {
    const staff = area
      ? await requireStaff(deps, request, area)
      : await staffOf(deps.database.db, request, deps.now());
    if (hotelId !== undefined) requireHotel(staff, hotelId);
    return staff;
  };
  const define =
    (method: HTTPMethods): Define =>
    (url, spec, handler) => {
      const { summary, params, querystring, body, errors } = spec;
      const answer = "created" in spec ? spec.created : spec.answer;
      const status = "created" in spec ? 201 : typeof answer === "string" ? 204 : 200;
      const response: Record<number, z.ZodType> = {
        [status]: typeof answer === "string" ? z.null().describe(answer) : answer,
        ...backOfficeErrors,
        ...errors,
      };
      app.route({
        method,
        url,
        schema: {
          tags: [BACK_OFFICE_TAG],
          summary,
          ...(params && { params }),
          ...(querystring && { querystring }),
          ...(body && { body }),
          response,
        },
        handler: async (request, reply) => {
          const staff = await check(request, (request.params as { hotelId?: number }).hotelId);
          const result = await handler({
            staff,
            params: request.params as never,
            query: request.query as never,
            body: request.body as never,
            request,
            reply,
          });
          return status === 200 ? result : reply.code(status).send(status === 204 ? null : result);
        },
      });
    };
  return {
    get: define("GET"),
    post: define("POST"),
    put: define("PUT"),
    patch: define("PATCH"),
    delete: define("DELETE"),
    /** The same check, for a route declared apart (a multipart upload). */
    check,
  };
}
