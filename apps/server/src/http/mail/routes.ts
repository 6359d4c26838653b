import { z } from "zod";
import type { Database } from "../../db/client";
import { findMailAttachment, findMailHtml, MAIL_VIEW_CSP, renderMailboxPage } from "../../features/mail";
import type { App } from "../app-type";
import { notFound } from "../errors";

const MailParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/) });
const AttachmentParamsSchema = MailParamsSchema.extend({ index: z.string().regex(/^\d{1,3}$/) });

/**
 * The development mailbox at /dev/mailbox (outbox list, one mail, its attachments). When not enabled
 * (production) every path answers 404 rather than falling through to the web app.
 */
export function registerMailRoutes(app: App, deps: { database: Database; enabled: boolean }): void {
  const { database, enabled } = deps;
  const ensureEnabled = () => {
    if (!enabled) throw notFound("path", "The mailbox exists in development only");
  };
  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    ensureEnabled();
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(await renderMailboxPage(database));
  });
  app.get(
    "/dev/mailbox/:id",
    { schema: { hide: true, params: MailParamsSchema } },
    async (request, reply) => {
      ensureEnabled();
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-security-policy", MAIL_VIEW_CSP)
        .send(await findMailHtml(database, request.params.id));
    },
  );
  app.get(
    "/dev/mailbox/:id/attachments/:index",
    { schema: { hide: true, params: AttachmentParamsSchema } },
    async (request, reply) => {
      ensureEnabled();
      const file = await findMailAttachment(database, request.params.id, request.params.index);
      const asciiName = file.filename.replace(/[^\w.-]/g, "_");
      return reply
        .type(file.contentType)
        .header("cache-control", "no-store")
        .header(
          "content-disposition",
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(file.content);
    },
  );
}
