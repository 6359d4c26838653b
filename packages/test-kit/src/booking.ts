import type { App } from "@alloggio/server/app";
/** The booker of a `guestdata.do` body, Maria Rossi, at `email` (a test that needs her mails apart gives its own). */
export const aBooker = (email: string) => ({
  fullname: "Maria Rossi",
  email,
  emailConfirm: email,
  phone: { dialCode: "+39", number: "3331234567" },
  country: "IT",
});

/** A `guestdata.do` confirm body: one room of 2 adults, the booker, the mandatory terms, paying at the hotel. */
export function aBookingRequest(
  stay: { hotel: number; roomId: number; rateId: number; arrival: string; departure: string },
  overrides: Record<string, unknown> = {},
  room: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    method: "confirm",
    hotel: stay.hotel,
    channel: 1,
    language: 1,
    arrival: stay.arrival,
    departure: stay.departure,
    rooms: [
      {
        slot: 0,
        roomId: stay.roomId,
        rateId: stay.rateId,
        adults: 2,
        ages: [],
        refundProtection: false,
        ...room,
      },
    ],
    booker: aBooker("maria@example.test"),
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "pay_at_hotel" },
    ...overrides,
  };
}

let keys = 0;
/** A fresh Idempotency-Key. */
export const anIdempotencyKey = () => `test-${process.pid}-${Date.now()}-${++keys}`;

/**
 * A test card entered on the sandbox gateway's hosted page, as the guest's browser would, read back as the token
 * (and last four digits) that guestdata.do takes.
 */
export async function aSandboxCardToken(
  app: App,
  number = "4242424242424242",
): Promise<{ token: string; last4: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/sandbox-gateway/card",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      number,
      expiry: "12/2031",
      holder: "Maria Rossi",
      cvv: "123",
      return: "/",
    }).toString(),
  });
  const m = /data-token="([^"]+)" data-last4="(\d{4})"/.exec(res.body);
  if (!m?.[1] || !m[2]) throw new Error(`no token: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { token: m[1], last4: m[2] };
}
