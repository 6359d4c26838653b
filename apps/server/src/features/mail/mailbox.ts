// The development mailbox: the outbox as a page, one mail's HTML, its attachments. Not in production.
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { escapeHtml } from "./html";
import { findOutboxMail, listOutbox, type OutboxSummary } from "./repository";

/** Shows mail HTML with its inline styles and nothing that could run or load from elsewhere. */
export const MAIL_VIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const CELL = "text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #d4d4d8";

/**
 * The subject, a link to the mail. A mail queued as a recipe (ADR 0047) has no subject or body until the mail job
 * has written it, a few seconds later: it says so, with no link to an empty page (and no link without a name).
 */
function subjectCell(mail: OutboxSummary): string {
  if (!mail.subject) return "<em>Being written by the mail job: reload in a few seconds</em>";
  return `<a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a>`;
}

function renderRow(mail: OutboxSummary): string {
  const attachments = mail.attachmentNames
    .map(
      (name, i) =>
        `<a href="/dev/mailbox/${mail.id}/attachments/${i}" download="${escapeHtml(name)}">${escapeHtml(name)}</a>`,
    )
    .join(", ");
  const status = mail.lastError
    ? `${escapeHtml(mail.status)} <span style="color:#991b1b">(${escapeHtml(mail.lastError)})</span>`
    : escapeHtml(mail.status);
  return `<tr>
<td style="${CELL}">${escapeHtml(mail.to)}</td>
<td style="${CELL}">${subjectCell(mail)}</td>
<td style="${CELL}">${status}</td>
<td style="${CELL}">${mail.attempts}</td>
<td style="${CELL}"><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString().replace("T", " ").slice(0, 19))} UTC</time></td>
<td style="${CELL}">${attachments || "—"}</td>
</tr>`;
}

/** The outbox, newest first. */
export async function renderMailboxPage(database: Database): Promise<string> {
  const mails = await listOutbox(database);
  const body =
    mails.length === 0
      ? "<p>No mail yet. Book a room and the confirmation appears here.</p>"
      : `<table style="border-collapse:collapse;width:100%">
<caption style="text-align:left;padding:4px 0">Outbox, newest first (${mails.length})</caption>
<thead><tr>${["To", "Subject", "Status", "Attempts", "Created", "Attachments"]
          .map((h) => `<th scope="col" style="${CELL}">${h}</th>`)
          .join("")}</tr></thead>
<tbody>
${mails.map(renderRow).join("\n")}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox – Alloggio</title>
</head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b;background:#ffffff">
<main>
<h1 style="font-size:22px">Mailbox</h1>
<p>Mails the server has put in its outbox. Without <code>SMTP_URL</code> they are not sent anywhere: read them here.</p>
${body}
</main>
</body>
</html>
`;
}

function parseId(id: string): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound("id", "No such mail");
  return n;
}

/** The HTML part of one mail, as the guest would see it. */
export async function findMailHtml(database: Database, id: string): Promise<string> {
  const mail = await findOutboxMail(database, parseId(id));
  if (!mail) throw notFound("id", "No such mail");
  return mail.html;
}

export async function findMailAttachment(
  database: Database,
  id: string,
  index: string,
): Promise<{ filename: string; contentType: string; content: string | Buffer }> {
  const mail = await findOutboxMail(database, parseId(id));
  const attachment = mail?.attachments[Number(index)];
  if (!mail || !/^\d+$/.test(index) || !attachment) throw notFound("index", "No such attachment");
  if (attachment.encoding === "base64")
    return { ...attachment, content: Buffer.from(attachment.content, "base64") };
  return attachment;
}
