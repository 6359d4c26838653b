import type { AvailableRoom, AvailResponse, CrossOption, Rate } from "@alloggio/domain/contract/search/avail";

/** Test data in the shape of the `avail.do` contract. */
export function aRate(overrides: Partial<Rate> = {}): Rate {
  const total = overrides.total ?? 200;
  return {
    id: 1,
    mtId: 1,
    name: "Room only – flexible",
    total,
    stayTotal: total + (overrides.extraCost ?? 0),
    cityTax: 0,
    flightTotal: 0,
    best: false,
    policy: 3,
    cancellation: { refundable: true, freeUntil: "20300107" },
    prepaids: [],
    description: "",
    freeServices: [],
    refundIncluded: false,
    refundPrice: null,
    insured: false,
    extraCost: 0,
    additionalServices: [],
    selectedFlight: null,
    overridedPrice: null,
    mealPlan: "room_only",
    payment: "pay_at_hotel",
    nightly: [
      { date: "20300110", price: total / 2 },
      { date: "20300111", price: total / 2 },
    ],
    fullPrice: total,
    promo: null,
    commission: null,
    net: false,
    resellable: false,
    minStay: 1,
    maxStay: null,
    ...overrides,
  };
}

export function aRoom(overrides: Partial<AvailableRoom> = {}): AvailableRoom {
  return {
    id: 10,
    name: "Classic double room",
    description: "Double or twin beds, with a balcony.",
    gallery: ["/demo/rooms/dbl-1.jpg", "/demo/rooms/dbl-2.jpg"],
    count: 8,
    amenities: ["wifi", "balcony"],
    maxAdults: 2,
    maxOccupancy: 3,
    rates: [aRate()],
    suggestedRate: 1,
    overrided: false,
    ...overrides,
  };
}

export function aCrossOption(overrides: Partial<CrossOption> = {}): CrossOption {
  return {
    slot: 0,
    rate: { id: 1, name: "CROSSBOOKING", ratePlanName: "Room only – flexible" },
    total: 300,
    extraCost: 0,
    additionalServices: [],
    stayTotal: 300,
    cityTax: 0,
    segments: [
      {
        roomId: 10,
        name: "Classic double room",
        arrival: "20300110",
        departure: "20300111",
        total: 140,
        nightly: [],
      },
      {
        roomId: 11,
        name: "Superior double",
        arrival: "20300111",
        departure: "20300112",
        total: 160,
        nightly: [],
      },
    ],
    ...overrides,
  };
}

export function anAvailResponse(overrides: Partial<AvailResponse> = {}): AvailResponse {
  return {
    availability: [[aRoom()]],
    crossAvailability: [],
    crossbooking: { enabled: true, maxSegments: 3 },
    crossProperty: [],
    currency: "EUR",
    arrival: "20300110",
    departure: "20300112",
    nights: 2,
    promo: null,
    restrictions: [],
    ...overrides,
  };
}
