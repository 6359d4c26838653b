import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BrandingSchema,
  CHANNEL_SETTINGS_PATHS,
  ChannelBrandingSchema,
  ChannelColorsInputSchema,
  ChannelParamsSchema,
  PrivacyInputSchema,
  PrivacyListSchema,
  PrivacySchema,
} from "@alloggio/domain/contract/backoffice/channel-settings";
import { ItemParamsSchema } from "@alloggio/domain/contract/backoffice/extras";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  deletePrivacy,
  listPrivacy,
  readBranding,
  saveChannelColors,
  savePrivacy,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** The hotel's own privacy texts (consents at the checkout) and its channels' colours. */
export function registerChannelSettingsRoutes(app: App, deps: BackOfficeDeps): void {
  const db = deps.database.db;
  const route = staffRoutes(app, deps, "catalogue");

  route.get(
    CHANNEL_SETTINGS_PATHS.privacyTexts,
    {
      summary: "The hotel's own privacy texts: extra consent checkboxes at the guest checkout",
      params: HotelParamsSchema,
      answer: PrivacyListSchema,
    },
    ({ params }) => listPrivacy(db, params.hotelId),
  );
  route.post(
    CHANNEL_SETTINGS_PATHS.privacyTexts,
    {
      summary:
        "Add a privacy text (on every channel of the hotel, or on one); English title and text required",
      params: HotelParamsSchema,
      body: PrivacyInputSchema,
      created: PrivacySchema,
    },
    ({ staff, params, body }) => savePrivacy(db, staff, params.hotelId, null, body),
  );
  route.put(
    CHANNEL_SETTINGS_PATHS.privacyText,
    {
      summary: "Change a privacy text",
      params: ItemParamsSchema,
      body: PrivacyInputSchema,
      answer: PrivacySchema,
    },
    ({ staff, params, body }) => savePrivacy(db, staff, params.hotelId, params.itemId, body),
  );
  route.delete(
    CHANNEL_SETTINGS_PATHS.privacyText,
    {
      summary:
        "Delete a privacy text: the checkout no longer shows it; reservations keep what the guest accepted",
      params: ItemParamsSchema,
      answer: "Deleted",
    },
    ({ staff, params }) => deletePrivacy(db, staff, params.hotelId, params.itemId),
  );

  route.get(
    CHANNEL_SETTINGS_PATHS.branding,
    {
      summary: "The colours of the hotel's channels, and whether this user may change them",
      params: HotelParamsSchema,
      answer: BrandingSchema,
    },
    ({ staff, params }) => readBranding(db, staff, params.hotelId),
  );
  route.put(
    CHANNEL_SETTINGS_PATHS.channel,
    {
      summary:
        "Change a channel's colours (every hotel on it shows them): users of every hotel only; the primary colour needs 4.5:1 contrast with white",
      params: ChannelParamsSchema,
      body: ChannelColorsInputSchema,
      answer: ChannelBrandingSchema,
    },
    ({ staff, params, body }) => saveChannelColors(db, staff, params.hotelId, params.channelId, body),
  );
}
