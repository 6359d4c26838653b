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
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  deletePrivacy,
  listPrivacy,
  readBranding,
  requireHotel,
  requireStaff,
  saveChannelColors,
  savePrivacy,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The hotel's own privacy texts (consents at the checkout) and its channels' colours. */
export function registerChannelSettingsRoutes(app: App, deps: BackOfficeDeps): void {
  const tags = [BACK_OFFICE_TAG];
  const db = deps.database.db;

  app.get(
    CHANNEL_SETTINGS_PATHS.privacyTexts,
    {
      schema: {
        tags,
        summary: "The hotel's own privacy texts: extra consent checkboxes at the guest checkout",
        params: HotelParamsSchema,
        response: { 200: PrivacyListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      return listPrivacy(db, requireHotel(staff, request.params.hotelId));
    },
  );
  app.post(
    CHANNEL_SETTINGS_PATHS.privacyTexts,
    {
      schema: {
        tags,
        summary:
          "Add a privacy text (on every channel of the hotel, or on one); English title and text required",
        params: HotelParamsSchema,
        body: PrivacyInputSchema,
        response: { 201: PrivacySchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return reply.code(201).send(await savePrivacy(db, staff, hotelId, null, request.body));
    },
  );
  app.put(
    CHANNEL_SETTINGS_PATHS.privacyText,
    {
      schema: {
        tags,
        summary: "Change a privacy text",
        params: ItemParamsSchema,
        body: PrivacyInputSchema,
        response: { 200: PrivacySchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return savePrivacy(db, staff, hotelId, request.params.itemId, request.body);
    },
  );
  app.delete(
    CHANNEL_SETTINGS_PATHS.privacyText,
    {
      schema: {
        tags,
        summary:
          "Delete a privacy text: the checkout no longer shows it; reservations keep what the guest accepted",
        params: ItemParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      await deletePrivacy(db, staff, hotelId, request.params.itemId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    CHANNEL_SETTINGS_PATHS.branding,
    {
      schema: {
        tags,
        summary: "The colours of the hotel's channels, and whether this user may change them",
        params: HotelParamsSchema,
        response: { 200: BrandingSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      return readBranding(db, staff, requireHotel(staff, request.params.hotelId));
    },
  );
  app.put(
    CHANNEL_SETTINGS_PATHS.channel,
    {
      schema: {
        tags,
        summary:
          "Change a channel's colours (every hotel on it shows them): users of every hotel only; the primary colour needs 4.5:1 contrast with white",
        params: ChannelParamsSchema,
        body: ChannelColorsInputSchema,
        response: { 200: ChannelBrandingSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return saveChannelColors(db, staff, hotelId, request.params.channelId, request.body);
    },
  );
}
