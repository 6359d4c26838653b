import { z } from "zod";
import type { PageKind } from "../../tracking/pages";

// The script inventory of a hotel's channels (ADR 0042; PCI DSS 4.0 6.4.3): for each channel that sells
// the hotel and each kind of guest page, every script the page may load (whatever the guest's consent) and the
// CSP that page gets. The owner reads it in the back office (area integrations).

/** The guest pages the inventory lists; the card step (checkout) and 3-D Secure are payment pages, an offer private. */
export const SCRIPT_PAGES = [
  "rooms",
  "services",
  "checkout",
  "threeDs",
  "voucher",
  "other",
  "offer",
] as const;
export type ScriptPage = (typeof SCRIPT_PAGES)[number];
export const PAGE_KIND_OF: Record<ScriptPage, PageKind> = {
  rooms: "rooms",
  services: "services",
  checkout: "payment",
  threeDs: "payment",
  voucher: "voucher",
  other: "other",
  offer: "private",
};

/** The CSP source that stands for the nonce each page load gets. */
export const NONCE_PLACEHOLDER = "'nonce-…'";

export const BoScriptSchema = z
  .object({
    /** Stable id (`gtm`, `meta-pixel`, `custom-all`…). */
    id: z.string(),
    vendor: z.string(),
    /** It loads once the guest consents to any of these. */
    consent: z.array(z.enum(["analytics", "marketing"])),
    /** The script's URL; null for an inline custom script. */
    src: z.string().nullable(),
    /** A channel's custom script, run inline with the page's nonce: its fingerprint and size. */
    inline: z.object({ sha256: z.string(), length: z.number().int() }).nullable(),
    /** The language ids it loads for (a per-language analytics id); null: every language. */
    languages: z.array(z.number().int()).nullable(),
  })
  .meta({ id: "BoScript" });
export type BoScript = z.infer<typeof BoScriptSchema>;

export const BoScriptPageSchema = z
  .object({
    page: z.enum(SCRIPT_PAGES),
    /** strict: no third-party script or origin at all (payment and private pages). */
    documentClass: z.enum(["tracked", "strict"]),
    scripts: z.array(BoScriptSchema),
    /** The page's CSP script-src (the nonce as `'nonce-…'`: a new one per page load). */
    scriptSrc: z.array(z.string()),
    connectSrc: z.array(z.string()),
  })
  .meta({ id: "BoScriptPage" });
export type BoScriptPage = z.infer<typeof BoScriptPageSchema>;

export const BoScriptChannelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(["direct", "trade"]),
    pages: z.array(BoScriptPageSchema),
  })
  .meta({ id: "BoScriptChannel" });
export type BoScriptChannel = z.infer<typeof BoScriptChannelSchema>;

export const BoScriptInventorySchema = z
  .object({ channels: z.array(BoScriptChannelSchema) })
  .meta({ id: "BoScriptInventory" });
export type BoScriptInventory = z.infer<typeof BoScriptInventorySchema>;
