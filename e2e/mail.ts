import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";

/** A mail the product delivered over SMTP to the runner's server (playwright.config.ts). */
export type DeliveredMail = {
  envelopeTo: string[];
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  /** Text files as text; a PDF as base64 (`encoding`). */
  attachments: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
};

function inbox(): DeliveredMail[] {
  const dir = join(process.env.ALLOGGIO_E2E_DATA_DIR ?? "", "smtp-inbox");
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as DeliveredMail);
}

/** Waits until the SMTP server received a mail for `address` (the delivery job sends every few seconds). */
export async function receivedMail(address: string, timeout = 30_000): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      () => {
        found = inbox().find((m) => m.envelopeTo.includes(address));
        return found !== undefined;
      },
      { timeout, message: `a mail to ${address} reaches the SMTP server` },
    )
    .toBe(true);
  return found!;
}

/** Waits until the SMTP server received a mail for `address` that `matches` (an address other journeys mail too). */
export async function receivedMailWhere(
  address: string,
  matches: (mail: DeliveredMail) => boolean,
  timeout = 30_000,
): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      () => {
        found = inbox().find((m) => m.envelopeTo.includes(address) && matches(m));
        return found !== undefined;
      },
      { timeout, message: `a matching mail to ${address} reaches the SMTP server` },
    )
    .toBe(true);
  return found!;
}
