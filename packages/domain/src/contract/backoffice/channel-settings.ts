import { z } from "zod";
import { ChannelColorsSchema, CustomPrivacyFileSchema } from "../property/property-file";
import { HotelParamsSchema } from "./access";

// The catalogue's privacy texts and channel branding in the back office. A privacy text is written in
// the SAME shape, and validated by the SAME schema, as `customPrivacy` in the property file (docs/property-format.md);
// a channel's colours as `channels[].colors` there (the primary colour needs 4.5:1 contrast with white text).

/** A privacy text of the hotel: an extra consent checkbox at the guest checkout. The server gives the id. */
export const PrivacyInputSchema = CustomPrivacyFileSchema.omit({ id: true });
export type PrivacyInput = z.infer<typeof PrivacyInputSchema>;

export const PrivacySchema = CustomPrivacyFileSchema.extend({
  /** Whether the guest must tick it to book. */
  mandatory: z.boolean(),
}).meta({ id: "BoPrivacyText" });
export type Privacy = z.infer<typeof PrivacySchema>;

export const PrivacyListSchema = z
  .object({ items: z.array(PrivacySchema) })
  .meta({ id: "BoPrivacyTextList" });
export type PrivacyList = z.infer<typeof PrivacyListSchema>;

export const ChannelColorsInputSchema = ChannelColorsSchema.meta({ id: "BoChannelColors" });
export type ChannelColors = z.infer<typeof ChannelColorsInputSchema>;

/** One channel the hotel is on, with its colours. */
export const ChannelBrandingSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    colors: z.object({ primary: z.string(), secondary: z.string(), style: z.string().optional() }),
    /** How many hotels of the group are on the channel (a change shows on all of them). */
    hotels: z.number().int(),
  })
  .meta({ id: "BoChannelBranding" });
export type ChannelBranding = z.infer<typeof ChannelBrandingSchema>;

/**
 * The hotel's channels. Channels belong to the hotel group: only a group-wide user (every hotel) with the role
 * owner or manager may change them; `editable` says whether this user may, `readOnlyReason` why not.
 */
export const BrandingSchema = z
  .object({
    editable: z.boolean(),
    readOnlyReason: z.enum(["hotel_scoped"]).optional(),
    channels: z.array(ChannelBrandingSchema),
  })
  .meta({ id: "BoBranding" });
export type Branding = z.infer<typeof BrandingSchema>;

export const ChannelParamsSchema = HotelParamsSchema.extend({
  channelId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The paths under /api/backoffice. */
export const CHANNEL_SETTINGS_PATHS = {
  privacyTexts: "/api/backoffice/hotels/:hotelId/catalogue/privacy",
  privacyText: "/api/backoffice/hotels/:hotelId/catalogue/privacy/:itemId",
  branding: "/api/backoffice/hotels/:hotelId/catalogue/branding",
  channel: "/api/backoffice/hotels/:hotelId/catalogue/branding/:channelId",
} as const;
