import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { and, eq, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AlpineBitsPost,
  descriptiveInfoRequest,
  hotelInfoRequest,
  type InventoryCategory,
  inventoryRequest,
  postAlpineBits,
} from "../../../../../packages/test-kit/src/alpinebits";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import type { Database } from "../../db/client";
import { auditLog, hotel, roomType } from "../../db/schema";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../../features/alpinebits";
import type { App } from "../app";

let database: Database;
let app: App;
const clock = new Date("2029-12-20T10:00:00Z");

// Hotel A ("ALPHA"): a double (DBL) and a single (SGL) mapped, a suite unmapped; the double has a photo of the
// hotel's own. Hotel B ("BETA") is not the client's.
const OWN_PHOTO = "/api/photos/1/1600.webp";
const SITE = "https://book.example.test";
const dbl = aRoomType({ gallery: [OWN_PHOTO], maxOccupancy: 3, maxAdults: 3, maxChildren: 1 });
const sgl = aRoomType({ maxOccupancy: 1, maxAdults: 1, maxChildren: 0 });
const suite = aRoomType();
const rate = aRatePlan();
const roomB = aRoomType();
let hotelA: number;
let hotelB: number;
const USER = "pms-inventory";
const PASSWORD = "Pms-Password-123";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock, { publicUrl: SITE });
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({
          name: "Alpha",
          description: { en: "A quiet hotel.", de: "Ein ruhiges Hotel." },
          phone: "+39 0471 123 456",
          checkInFrom: "14:00",
          checkInUntil: "22:00",
          checkOutUntil: "10:30",
        }),
        roomTypes: [dbl, sgl, suite],
        ratePlans: [rate],
        prices: [aPriceRange(dbl, rate), aPriceRange(sgl, rate, { adults: 1 }), aPriceRange(suite, rate)],
        inventory: [anInventoryRange(dbl), anInventoryRange(sgl), anInventoryRange(suite)],
      }),
    )
  ).hotelId;
  hotelB = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Beta" }),
        roomTypes: [roomB],
        inventory: [anInventoryRange(roomB)],
      }),
    )
  ).hotelId;
  await createAlpineBitsClient(database.db, { username: USER, password: PASSWORD, hotelIds: [hotelA] });
  await setAlpineBitsCodes(database.db, hotelA, {
    hotelCode: "ALPHA",
    roomTypes: [
      { roomTypeId: dbl.id, code: "DBL" },
      { roomTypeId: sgl.id, code: "SGL" },
    ],
  });
  await setAlpineBitsCodes(database.db, hotelB, {
    hotelCode: "BETA",
    roomTypes: [{ roomTypeId: roomB.id, code: "DBL" }],
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  // Every test starts from the room types as seeded.
  for (const r of [dbl, sgl])
    await database.db
      .update(roomType)
      .set({
        name: r.name,
        description: {},
        gallery: r.gallery ?? [],
        minOccupancy: 1,
        maxOccupancy: r.maxOccupancy,
        maxAdults: r.maxAdults,
        maxChildren: r.maxChildren ?? 0,
      })
      .where(eq(roomType.id, r.id));
  await database.db.execute(sql`delete from rate_limit where key like 'alpinebits:%'`);
});

/** Posts as the client; the response's document (when XML) is validated against the official schema. */
async function post(p: AlpineBitsPost) {
  const res = await postAlpineBits(app, { username: USER, password: PASSWORD, ...p });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

const push = (hotelCode: string, categories: InventoryCategory[]) =>
  post({
    action: "OTA_HotelDescriptiveContentNotif:Inventory",
    request: inventoryRequest(hotelCode, categories),
  });
const pull = (hotelCode: string, what: "Inventory" | "Info" = "Inventory") =>
  post({ action: `OTA_HotelDescriptiveInfo:${what}`, request: descriptiveInfoRequest(hotelCode) });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) =>
    ["GuestRoom", "MultimediaDescription", "Description", "ImageItem", "Warning"].includes(name),
});
type Node = Record<string, unknown> & { [key: string]: never | unknown };
const doc = (xml: string) => parser.parse(xml) as Record<string, Node>;

/** The pulled categories: code → occupancy, texts by InfoCode and language, picture addresses. */
function categoriesOf(xml: string) {
  const rs = doc(xml).OTA_HotelDescriptiveInfoRS as Node;
  const content = (rs.HotelDescriptiveContents as Node).HotelDescriptiveContent as Node;
  const rooms = (((content.FacilityInfo as Node).GuestRooms as Node)?.GuestRoom ?? []) as Node[];
  return Object.fromEntries(
    rooms.map((room) => {
      const mds = ((room.MultimediaDescriptions as Node).MultimediaDescription ?? []) as Node[];
      const texts = (code: string) => {
        const md = mds.find((m) => m.InfoCode === code);
        const descriptions = (((md?.TextItems as Node)?.TextItem as Node)?.Description ?? []) as Node[];
        return Object.fromEntries(descriptions.map((d) => [d.Language, d["#text"]]));
      };
      const pictures = ((mds.find((m) => m.InfoCode === "23")?.ImageItems as Node)?.ImageItem ??
        []) as Node[];
      return [
        room.Code as string,
        {
          min: room.MinOccupancy,
          max: room.MaxOccupancy,
          standard: (room.TypeRoom as Node).StandardOccupancy,
          names: texts("25"),
          descriptions: texts("1"),
          pictures: pictures.map((p) => (p.ImageFormat as Node).URL),
        },
      ];
    }),
  );
}

const warningsOf = (xml: string) =>
  ((((doc(xml).OTA_HotelDescriptiveContentNotifRS as Node).Warnings as Node)?.Warning ?? []) as Node[]).map(
    (w) => String(w["#text"]),
  );

async function stored(id: number) {
  const [row] = await database.db.select().from(roomType).where(eq(roomType.id, id));
  return row;
}

async function availIn(languageId: number): Promise<AvailResponse> {
  const qs = new URLSearchParams({
    channel: "1",
    hotel: String(hotelA),
    language: String(languageId),
    arrival: "20300115",
    departure: "20300117",
    adults: "2",
  });
  const res = await app.inject({ method: "GET", url: `/api/avail.do?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailResponse;
}
const roomIn = (a: AvailResponse, id: number) =>
  (a.availability[0] ?? []).find((room) => (room as { id?: number }).id === id) as
    | { name: string; description: string; gallery: string[] }
    | undefined;

const DOUBLE: InventoryCategory = {
  code: "DBL",
  min: 1,
  max: 4,
  standard: 2,
  names: { en: "Alpine double", de: "Alpen-Doppelzimmer", it: "Doppia alpina" },
  descriptions: { en: "Wood and a view.", de: "Holz und Aussicht." },
  pictures: ["https://img.example.test/dbl-1.jpg", "https://img.example.test/dbl-2.jpg"],
};
const SINGLE: InventoryCategory = {
  code: "SGL",
  min: 1,
  max: 1,
  standard: 1,
  names: { en: "Single", de: "Einzelzimmer" },
};

describe("Inventory/Basic push and pull (chapter 4.4)", () => {
  it("push then pull round-trips occupancy, names and descriptions per language, and pictures", async () => {
    const res = await push("ALPHA", [DOUBLE, SINGLE]);
    expect(res).toContain("<Success/>");
    expect(warningsOf(res)).toEqual([]);
    const pulled = categoriesOf(await pull("ALPHA"));
    // The unmapped suite is not the PMS's.
    expect(Object.keys(pulled).sort()).toEqual(["DBL", "SGL"]);
    expect(pulled.DBL).toEqual({
      min: "1",
      max: "4",
      // Alloggio keeps no standard occupancy (it prices every occupancy): the pull answers the adults it takes.
      standard: "3",
      names: DOUBLE.names,
      descriptions: DOUBLE.descriptions,
      // The hotel's own uploaded photo is sent at the site's address, after the PMS's.
      pictures: [...(DOUBLE.pictures ?? []), `${SITE}${OWN_PHOTO}`],
    });
    expect(pulled.SGL).toMatchObject({ min: "1", max: "1", standard: "1", names: SINGLE.names });
    const row = await stored(dbl.id);
    // The pictures in the message's order, then the hotel's own; its adult limit stays its own.
    expect(row?.gallery).toEqual([...(DOUBLE.pictures ?? []), OWN_PHOTO]);
    expect(row?.maxAdults).toBe(3);
    expect(row?.maxChildren).toBe(1);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "room_type.update"), eq(auditLog.entityId, String(dbl.id))))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.actor).toBe(`alpinebits:${USER}`);
  });

  it("the guest's search shows the pushed name, description and pictures in the guest's language at once", async () => {
    expect(roomIn(await availIn(3), dbl.id)?.name).not.toBe("Alpen-Doppelzimmer");
    await push("ALPHA", [DOUBLE, SINGLE]);
    const german = roomIn(await availIn(3), dbl.id);
    expect(german?.name).toBe("Alpen-Doppelzimmer");
    expect(german?.description).toBe("Holz und Aussicht.");
    expect(german?.gallery.slice(0, 2)).toEqual(DOUBLE.pictures);
    // French was not sent: the guest reads English.
    expect(roomIn(await availIn(4), dbl.id)?.name).toBe("Alpine double");
  });

  it("keeps Alloggio's languages, the stored English name and the hotel's photos, and says what it left out", async () => {
    const res = await push("ALPHA", [
      {
        code: "DBL",
        min: 2,
        max: 2,
        names: { de: "Doppelzimmer", nl: "Tweepersoonskamer" },
        htmlDescriptions: { de: "<p>Schön</p>" },
        pictures: ["http://img.example.test/insecure.jpg", "https://img.example.test/ok.jpg"],
      },
      SINGLE,
    ]);
    expect(res).toContain("<Success/>");
    const warnings = warningsOf(res);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining("DBL: the name in nl is not kept"),
        expect.stringContaining("DBL: the name has no English (en) text: the stored one is kept"),
        expect.stringContaining("DBL: the description in de is sent as HTML only"),
        expect.stringContaining("DBL: 1 picture(s) not on https are left out"),
      ]),
    );
    const row = await stored(dbl.id);
    expect(row?.name).toEqual({ en: dbl.name.en, de: "Doppelzimmer" });
    expect(row?.description).toEqual({});
    expect(row?.gallery).toEqual(["https://img.example.test/ok.jpg", OWN_PHOTO]);
    expect([row?.minOccupancy, row?.maxOccupancy, row?.maxAdults]).toEqual([2, 2, 2]);
  });

  it("keeps a mapped room type the message leaves out, with a warning naming it", async () => {
    const res = await push("ALPHA", [DOUBLE]);
    expect(res).toContain("<Success/>");
    expect(res).toContain('RecordID="SGL"');
    expect((await stored(sgl.id))?.name).toEqual(sgl.name);
  });

  it("refuses an unknown code or another client's HotelCode whole, writing nothing", async () => {
    const unknown = await push("ALPHA", [DOUBLE, { ...SINGLE, code: "NEW" }]);
    expect(unknown).toContain('<Error Type="13">Code NEW is unknown for HotelCode ALPHA');
    expect(unknown).not.toContain("<Success/>");
    expect((await stored(dbl.id))?.name).toEqual(dbl.name);
    const other = await push("BETA", [{ ...DOUBLE }]);
    expect(other).toContain('<Error Type="13">HotelCode BETA is unknown to this client');
    expect((await stored(roomB.id))?.name).toEqual(roomB.name);
    expect(await pull("BETA")).toContain('<Error Type="13">HotelCode BETA is unknown to this client');
    expect(await pull("BETA", "Info")).toContain('<Error Type="13">HotelCode BETA is unknown to this client');
  });

  it("refuses what it does not advertise or cannot keep, writing nothing", async () => {
    const cases: [InventoryCategory[], string][] = [
      [[{ ...DOUBLE, rooms: ["101", "102"] }], "distinct rooms (RoomID) are not supported"],
      [[{ ...DOUBLE, maxChildren: 1 }], "MaxChildOccupancy (occupancy_children) is not supported"],
      [[{ ...DOUBLE, id: "OLD" }], "renaming a category (ID OLD) is not supported"],
      [[{ ...DOUBLE, names: null }], "the long name (MultimediaDescription InfoCode 25) is required"],
      [[{ ...DOUBLE, min: 3, max: 2, standard: 2 }], "MinOccupancy 3 is above MaxOccupancy 2"],
      [[], "this server never deletes room types"],
      // The back office's own rules: a room type holds at most 40 guests.
      [[{ ...DOUBLE, max: 50, standard: 2 }], "room type ROOM"],
    ];
    for (const [categories, error] of cases) {
      const res = await push("ALPHA", categories);
      expect(res, error).toContain('<Error Type="13">');
      expect(res).toContain(error);
      expect((await stored(dbl.id))?.name).toEqual(dbl.name);
    }
  });
});

describe("Inventory/HotelInfo pull (chapter 4.4)", () => {
  it("answers the hotel's description per language, its check-in and check-out times and its contacts", async () => {
    const rs = doc(await pull("ALPHA", "Info")).OTA_HotelDescriptiveInfoRS as Node;
    const content = (rs.HotelDescriptiveContents as Node).HotelDescriptiveContent as Node;
    expect(content.HotelCode).toBe("ALPHA");
    const md = (((content.HotelInfo as Node).Descriptions as Node).MultimediaDescriptions as Node)
      .MultimediaDescription as Node[];
    const descriptions = (((md[0] as Node).TextItems as Node).TextItem as Node).Description as Node[];
    expect(Object.fromEntries(descriptions.map((d) => [d.Language, d["#text"]]))).toEqual({
      en: "A quiet hotel.",
      de: "Ein ruhiges Hotel.",
    });
    const stay = (((content.Policies as Node).Policy as Node).StayRequirements as Node).StayRequirement;
    expect(stay).toEqual([
      { StayContext: "Checkin", Start: "14:00:00", End: "22:00:00" },
      { StayContext: "Checkout", End: "10:30:00" },
    ]);
    const contact = (content.ContactInfos as Node).ContactInfo as Node;
    expect((contact.Phones as Node).Phone).toEqual({ PhoneTechType: "1", PhoneNumber: "+390471123456" });
    expect(((contact.Emails as Node).Email as Node)["#text"]).toMatch(/@example\.test$/);
  });
});

describe("Inventory/HotelInfo push (chapter 4.4)", () => {
  const info = (hotelCode: string, content: Parameters<typeof hotelInfoRequest>[1]) =>
    post({ action: "OTA_HotelDescriptiveContentNotif:Info", request: hotelInfoRequest(hotelCode, content) });

  it("sets the description, times and contacts through the back office's hotel write; the pull answers them", async () => {
    const res = await info("ALPHA", {
      descriptions: { en: "Renovated in 2029.", it: "Rinnovato nel 2029.", nl: "Gerenoveerd in 2029." },
      checkIn: { start: "15:00:00", end: "21:00:00" },
      checkOutEnd: "11:00:00",
      phone: "+390471999000",
      email: "front@alpha.example.test",
      extras: true,
    });
    expect(res).toContain("<Success/>");
    expect(warningsOf(res)).toEqual([
      "not kept by this server: Position, MultimediaDescription InfoCode 17",
      expect.stringContaining("ALPHA: the description in nl is not kept"),
    ]);
    const content = (
      (doc(await pull("ALPHA", "Info")).OTA_HotelDescriptiveInfoRS as Node).HotelDescriptiveContents as Node
    ).HotelDescriptiveContent as Node;
    const md = (((content.HotelInfo as Node).Descriptions as Node).MultimediaDescriptions as Node)
      .MultimediaDescription as Node[];
    const descriptions = (((md[0] as Node).TextItems as Node).TextItem as Node).Description as Node[];
    expect(Object.fromEntries(descriptions.map((d) => [d.Language, d["#text"]]))).toEqual({
      en: "Renovated in 2029.",
      it: "Rinnovato nel 2029.",
    });
    expect((((content.Policies as Node).Policy as Node).StayRequirements as Node).StayRequirement).toEqual([
      { StayContext: "Checkin", Start: "15:00:00", End: "21:00:00" },
      { StayContext: "Checkout", End: "11:00:00" },
    ]);
    const contact = (content.ContactInfos as Node).ContactInfo as Node;
    expect((contact.Phones as Node).Phone).toEqual({ PhoneTechType: "1", PhoneNumber: "+390471999000" });
    expect(((contact.Emails as Node).Email as Node)["#text"]).toBe("front@alpha.example.test");
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "hotel.update"), eq(auditLog.hotelId, hotelA)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.actor).toBe(`alpinebits:${USER}`);
  });

  it("refuses what the back office refuses, and another client's HotelCode, writing nothing", async () => {
    const [before] = await database.db.select().from(hotel).where(eq(hotel.id, hotelA));
    const bad = await info("ALPHA", { email: "not-an-email", checkOutEnd: "09:00:00" });
    expect(bad).toContain('<Error Type="13">email:');
    const other = await info("BETA", { checkOutEnd: "09:00:00" });
    expect(other).toContain('<Error Type="13">HotelCode BETA is unknown to this client');
    const [after] = await database.db.select().from(hotel).where(eq(hotel.id, hotelA));
    expect(after).toEqual(before);
    const [beta] = await database.db.select().from(hotel).where(eq(hotel.id, hotelB));
    expect(beta?.checkOutUntil).not.toBe("09:00:00");
  });
});
