import type {
  Branding,
  ChannelBranding,
  ChannelColors,
  Privacy,
  PrivacyInput,
} from "@alloggio/domain/contract/backoffice/channel-settings";
import type { Db } from "../../../db/client";
import { AppError, badInput } from "../../../http/errors";
import type { Staff } from "../access";
import { audit, auditEntity } from "../audit";
import {
  deletePrivacyRow,
  findHotelChannels,
  findPrivacyRow,
  insertPrivacy,
  isGroupWide,
  isHotelChannel,
  listPrivacyRows,
  lockChannelColors,
  type PrivacyRow,
  updateChannelColors,
  updatePrivacy,
} from "./channel-settings-repository";
import { nextId } from "./extras-repository";

// The hotel's own privacy texts (extra consent checkboxes at the guest checkout) and the colours of its channels.

const notFoundItem = () =>
  new AppError("not_found", 404, "No such privacy text in this hotel", [
    { field: "itemId", message: "unknown" },
  ]);

const notFoundChannel = () =>
  new AppError("not_found", 404, "No such channel of this hotel", [
    { field: "channelId", message: "unknown" },
  ]);

/** A row as the API (and the property file) writes it: `channel` left out when the text shows on every channel. */
function privacyOf(row: PrivacyRow): Privacy {
  return {
    id: row.id,
    ...(row.channelId === null ? {} : { channel: row.channelId }),
    title: row.title,
    text: row.text,
    mandatory: row.mandatory,
  };
}

/** Languages left blank are left out: the guest reads English there (SPEC §3). */
const written = (text: Record<string, string>) =>
  Object.fromEntries(Object.entries(text).filter(([, value]) => value.trim() !== ""));

export async function listPrivacy(db: Db, hotelId: number): Promise<{ items: Privacy[] }> {
  const rows = await listPrivacyRows(db, hotelId);
  return { items: rows.map(privacyOf) };
}

/** One privacy text of the hotel; another hotel's id reads as missing. */
async function readPrivacy(db: Db, hotelId: number, id: number): Promise<Privacy | null> {
  const row = await findPrivacyRow(db, hotelId, id);
  return row ? privacyOf(row) : null;
}

async function assertHotelChannel(db: Db, hotelId: number, channelId: number | undefined) {
  if (channelId === undefined) return;
  if (!(await isHotelChannel(db, hotelId, channelId)))
    throw badInput("channel", "is not one of the hotel's channels");
}

/** Creates (id null) or changes a privacy text of the hotel, with its audit entry, in one transaction. */
export async function savePrivacy(
  db: Db,
  staff: Staff,
  hotelId: number,
  id: number | null,
  body: PrivacyInput,
): Promise<Privacy> {
  await assertHotelChannel(db, hotelId, body.channel);
  const values = {
    hotelId,
    channelId: body.channel ?? null,
    title: written(body.title),
    text: written(body.text),
    mandatory: body.mandatory ?? false,
  };
  return db.transaction(async (tx) => {
    let before: Privacy | null = null;
    let itemId: number;
    if (id === null) {
      // Ids are global and given by property files too: the table is locked while the next one is taken.
      itemId = await nextId(tx, "custom_privacy");
      await insertPrivacy(tx, itemId, values);
    } else {
      before = await readPrivacy(tx, hotelId, id);
      if (!before) throw notFoundItem();
      itemId = id;
      await updatePrivacy(tx, hotelId, id, values);
    }
    const after = await readPrivacy(tx, hotelId, itemId);
    if (!after) throw notFoundItem();
    await audit(tx, staff, {
      hotelId,
      action: id === null ? "custom_privacy.create" : "custom_privacy.update",
      entity: "custom_privacy",
      entityId: itemId,
      before,
      after,
    });
    return after;
  });
}

/**
 * Deletes a privacy text: the checkout no longer shows it. Reservations keep the acceptance they stored
 * (`reservation.privacy`), which refers to the text by id only.
 */
export async function deletePrivacy(db: Db, staff: Staff, hotelId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readPrivacy(tx, hotelId, id);
    if (!before) throw notFoundItem();
    await deletePrivacyRow(tx, hotelId, id);
    await auditEntity(tx, staff, {
      hotelId,
      action: "custom_privacy.delete",
      entityId: id,
      before,
      after: null,
    });
  });
}

/** Whether the user works for every hotel of the group (channels are the group's, shared by its hotels). */
async function groupWide(db: Db, staff: Staff): Promise<boolean> {
  return isGroupWide(db, staff.userId);
}

/** The hotel's channels (of the user's group), with their colours; one of them when `channelId` is given. */
async function hotelChannels(
  db: Db,
  staff: Staff,
  hotelId: number,
  channelId?: number,
): Promise<ChannelBranding[]> {
  return findHotelChannels(db, staff.groupId, hotelId, channelId);
}

export async function readBranding(db: Db, staff: Staff, hotelId: number): Promise<Branding> {
  const [editable, channels] = await Promise.all([groupWide(db, staff), hotelChannels(db, staff, hotelId)]);
  return editable ? { editable, channels } : { editable, readOnlyReason: "hotel_scoped", channels };
}

/**
 * Changes a channel's colours. The channel must be one of the hotel's (else 404, like a missing one); since every
 * hotel on it shows the change, only a group-wide user may make it (else 403).
 */
export async function saveChannelColors(
  db: Db,
  staff: Staff,
  hotelId: number,
  channelId: number,
  colors: ChannelColors,
): Promise<ChannelBranding> {
  const [found] = await hotelChannels(db, staff, hotelId, channelId);
  if (!found) throw notFoundChannel();
  if (!(await groupWide(db, staff)))
    throw new AppError(
      "staff_forbidden",
      403,
      "A channel is shared by the group's hotels: only a user of every hotel may change its colours",
      [{ field: "channelId", message: "only a user of every hotel of the group may change a channel" }],
    );
  return db.transaction(async (tx) => {
    const current = await lockChannelColors(tx, channelId);
    if (!current) throw notFoundChannel();
    // The style (a theme name of the guest pages) is kept when the change leaves it out.
    const style = colors.style ?? current.colors.style;
    const next = {
      primary: colors.primary.toLowerCase(),
      secondary: colors.secondary.toLowerCase(),
      ...(style === undefined ? {} : { style }),
    };
    await updateChannelColors(tx, channelId, next);
    await auditEntity(tx, staff, {
      hotelId,
      action: "channel.update_colors",
      entityId: channelId,
      before: { name: found.name, colors: current.colors },
      after: { name: found.name, colors: next },
    });
    return { ...found, colors: next };
  });
}
