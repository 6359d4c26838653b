import type { TradeUser } from "@alloggio/domain/contract/trade/login";

/** The demo agent as `login.do` answers it (tests only): logged in on channel 2 now, unless told otherwise. */
export const anAgent = (extra: Partial<TradeUser> = {}): TradeUser => ({
  id: 7,
  username: "agenzia",
  name: "Giulia Sereni",
  email: "giulia@agency.test",
  agency: {
    id: 1,
    name: "Viaggi Sereni Srl",
    type: 1,
    address: "Via Mazzini 12",
    zip: "37121",
    city: "Verona",
    country: "IT",
    email: "booking@agency.test",
    phone: "+39 045 000 1234",
    vatNumber: "IT01234567890",
    iataCode: null,
    commissionPercent: 10,
  },
  channel: 2,
  dateAgg: Date.now(),
  mustChangePassword: false,
  csrfToken: "c".repeat(64),
  ...extra,
});
