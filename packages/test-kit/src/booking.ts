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
    booker: {
      fullname: "Maria Rossi",
      email: "maria@example.test",
      emailConfirm: "maria@example.test",
      phone: { dialCode: "+39", number: "3331234567" },
      country: "IT",
    },
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
