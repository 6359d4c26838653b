import type { APIRequestContext } from "@playwright/test";
import { answerCookies } from "./consent";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { calendar, findOpenStay } from "./stays";

// The AlpineBits server as the demo hotel's PMS uses it (README: pms-demo, HotelCode DEMO1): a FreeRooms push closes
// a night the guest then finds closed; a guest's booking is pulled with GuestRequests, acknowledged, and gone. One
// project is enough (the server's rules are the integration tests'); its nights are far from the other specs'.
test.skip(({ isMobile }) => isMobile, "the PMS's exchange has no screen size: desktop only");

const OTA = 'xmlns="http://www.opentravel.org/OTA/2003/05"';
const AUTH = `Basic ${Buffer.from("pms-demo:Demo-AlpineBits-1").toString("base64")}`;
/** Demo hotel 1's InvTypeCodes (apps/server/src/db/demo/demo-alpinebits.ts). */
const ROOM_CODES = ["SGL", "DBL", "DBL-LAKE", "JSUITE", "FAM", "SUITETER"];

async function alpineBits(request: APIRequestContext, action: string, document: string) {
  const res = await request.post("/alpinebits", {
    headers: { authorization: AUTH, "x-alpinebits-clientprotocolversion": "2024-10" },
    multipart: { action, request: document },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.text();
  expect(body).toContain("<Success/>");
  return body;
}

const toIso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

test("a FreeRooms push of no room free closes the night on the guest's search", async ({
  page,
  request,
  capture,
  axe,
}) => {
  // Nights 345–359 days ahead for the push, from 365 for the booking: apart from each other and the other specs'.
  const night = await findOpenStay(request, { from: 345, within: 15, nights: 1 });
  const day = toIso(night.arrival);
  const inventories = ROOM_CODES.map(
    (code) =>
      `<Inventory><StatusApplicationControl Start="${day}" End="${day}" InvTypeCode="${code}"/><InvCounts><InvCount CountType="2" Count="0"/></InvCounts></Inventory>`,
  ).join("");
  await alpineBits(
    request,
    "OTA_HotelInvCountNotif:FreeRooms",
    `<?xml version="1.0" encoding="UTF-8"?><OTA_HotelInvCountNotifRQ ${OTA} Version="4"><Inventories HotelCode="DEMO1">${inventories}</Inventories></OTA_HotelInvCountNotifRQ>`,
  );
  const after = (await calendar(request)).days.find((d) => d.date === night.arrival);
  expect(after?.available).toBe(false);

  await page.goto(
    `/hotel/1/channel/1/language/1/rooms?arrival=${night.arrival}&departure=${addDays(night.arrival, 1)}&adults=2&childs=0`,
  );
  await answerCookies(page);
  await expect(
    page
      .getByRole("region", { name: "No rooms available for these dates" })
      .getByRole("heading", { level: 2, name: "No rooms available for these dates" }),
  ).toBeVisible();
  await capture("night closed by the PMS");
  await axe("night closed by the PMS");
});

type AvailRoom = { id: number; rates: { id: number; payment: string }[] };
const payAtHotel = (rate: { payment: string }) => rate.payment === "pay_at_hotel";

test("a guest's booking is pulled with GuestRequests, acknowledged, and not pulled again", async ({
  request,
}) => {
  const avail = (arrival: string, departure: string) =>
    request.get(
      `/api/avail.do?hotel=1&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
    );
  const roomsOf = async (res: Awaited<ReturnType<typeof avail>>) =>
    ((await res.json()) as { availability: AvailRoom[][] }).availability.flat();
  const stay = await findOpenStay(request, {
    from: 365,
    within: 30,
    nights: 2,
    accept: async ({ arrival, departure }) => {
      const res = await avail(arrival, departure);
      return res.ok() && (await roomsOf(res)).some((r) => r.rates.some(payAtHotel));
    },
  });
  const room = (await roomsOf(await avail(stay.arrival, stay.departure))).find((r) =>
    r.rates.some(payAtHotel),
  )!;
  const email = `pms.${Date.now()}@example.test`;
  const booked = await request.post("/api/guestdata.do", {
    headers: { "Idempotency-Key": `e2e-alpinebits-${Date.now()}` },
    data: {
      method: "confirm",
      hotel: 1,
      channel: 1,
      language: 1,
      arrival: stay.arrival,
      departure: stay.departure,
      rooms: [
        {
          slot: 0,
          roomId: room.id,
          rateId: room.rates.find(payAtHotel)!.id,
          adults: 2,
          ages: [],
          refundProtection: false,
        },
      ],
      booker: {
        fullname: "Paolo Neri",
        email,
        emailConfirm: email,
        phone: { dialCode: "+39", number: "3331234567" },
        country: "IT",
      },
      privacy: { marketing: false, report: false, profile: false, custom: [{ id: 101, accepted: true }] },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // Demo hotel 1's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: 101, slot: null, quantity: 1 }],
      payment: { method: "pay_at_hotel" },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const code = ((await booked.json()) as { reservation: { code: string } }).reservation.code;

  const read = `<?xml version="1.0" encoding="UTF-8"?><OTA_ReadRQ ${OTA} Version="1.0"><ReadRequests><HotelReadRequest HotelCode="DEMO1"/></ReadRequests></OTA_ReadRQ>`;
  const idsOf = (body: string) =>
    [...body.matchAll(/<UniqueID Type="1[45]" ID="([^"]+)"\/>/g)].map((m) => m[1] as string);
  const ack = (ids: string[]) =>
    alpineBits(
      request,
      "OTA_NotifReport:GuestRequests",
      `<?xml version="1.0" encoding="UTF-8"?><OTA_NotifReportRQ ${OTA} Version="1.0"><Success/><NotifDetails><HotelNotifReport><HotelReservations>${ids
        .map((id) => `<HotelReservation><UniqueID Type="14" ID="${id}"/></HotelReservation>`)
        .join("")}</HotelReservations></HotelNotifReport></NotifDetails></OTA_NotifReportRQ>`,
    );
  // A PMS reads what is due (the demo's other bookings first, a hundred at a time) and acknowledges it.
  let body = await alpineBits(request, "OTA_Read:GuestRequests", read);
  for (let round = 0; !idsOf(body).includes(code) && idsOf(body).length > 0 && round < 10; round++) {
    await ack(idsOf(body));
    body = await alpineBits(request, "OTA_Read:GuestRequests", read);
  }
  expect(idsOf(body)).toContain(code);
  expect(body).toContain('ResStatus="Reserved"');
  expect(body).toContain("<Surname>Neri</Surname>");
  const acked = await ack([code]);
  expect(acked).not.toContain("<Warning");
  expect(idsOf(await alpineBits(request, "OTA_Read:GuestRequests", read))).not.toContain(code);
});
