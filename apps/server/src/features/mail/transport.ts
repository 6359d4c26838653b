import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";

/** A file sent with a mail; `content` is UTF-8 text (calendar files), or base64 when `encoding` says so (PDF). */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };

/** One mail as the outbox holds it and a transport sends it. */
export type OutgoingMail = {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
};

export type MailTransport = {
  /** Resolves once the mail was handed over; rejects when it was not (the outbox retries it later). */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): void;
};

const DEFAULT_FROM_NAME = "Alloggio";

/**
 * Sends through the SMTP server of `smtpUrl` (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer reads
 * options from the query, e.g. `?ignoreTLS=true`). The sender is the `from` query parameter when given, for
 * example `smtp://mail.example:587?from=Hotel%20Bookings%20%3Cbookings%40hotel.example%3E`.
 */
export function createSmtpTransport(smtpUrl: string, options: { from?: string } = {}): MailTransport {
  const url = new URL(smtpUrl);
  const from =
    options.from ??
    url.searchParams.get("from") ??
    `${DEFAULT_FROM_NAME} <no-reply@${url.hostname || "localhost"}>`;
  url.searchParams.delete("from");
  const transporter = nodemailer.createTransport(
    {
      url: url.toString(),
      // Bounded waits: a hung server must not hold the outbox rows of one delivery run for long.
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 40_000,
    },
    { from },
  );
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/**
 * The development transport without SMTP: it only records the mails (the newest 100, in memory), so the outbox
 * rows are marked sent and read at /dev/mailbox.
 */
export function createMailboxTransport(): MailTransport & { readonly sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      if (sent.length > 100) sent.shift();
      return { messageId: `<${randomUUID()}@mailbox.alloggio>` };
    },
  };
}

/**
 * SMTP when a URL is set; otherwise the mailbox when DEV_MAILBOX is on. Without either there is no transport:
 * mails stay pending in the outbox (never marked sent unsent) until SMTP_URL is configured.
 */
export function chooseMailTransport(env: {
  SMTP_URL?: string | undefined;
  DEV_MAILBOX: boolean;
}): MailTransport | null {
  if (env.SMTP_URL) return createSmtpTransport(env.SMTP_URL);
  return env.DEV_MAILBOX ? createMailboxTransport() : null;
}
