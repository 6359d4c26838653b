// The demo group as property files, generated from a date: four hotels on Lake Garda and in the Swiss Alps with
// 400 days of prices and inventory. Deterministic: the same `today` always gives the same files (a seeded PRNG,
// no clock, no Math.random), so a demo start, a test and a screenshot agree.
import type { RoomAmenity } from "@alloggio/domain/contract/property/amenities";
import { PROPERTY_FILE_FORMAT, type PropertyFile } from "@alloggio/domain/contract/property/property-file";

export const DEMO_DAYS = 400;
export const DEMO_GROUP = { id: 1, name: "Alloggio Demo Hotels" };
export const DEMO_DIRECT_CHANNEL_ID = 1;
export const DEMO_TRADE_CHANNEL_ID = 2;

type Text = Record<string, string>;
type RatePlan = PropertyFile["ratePlans"][number];
type Service = NonNullable<PropertyFile["services"]>[number];

/** A small, fast, seedable PRNG (mulberry32): numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---- dates (hotel-local calendar days, `YYYY-MM-DD`) ----

const DAY_MS = 86_400_000;
const toEpochDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const fromEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => fromEpochDay(toEpochDay(iso) + days);
const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

/** Accepts `YYYY-MM-DD` or the wire format `YYYYMMDD`. */
function normalizeDay(day: string): string {
  const iso = /^\d{8}$/.test(day) ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : day;
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(iso) ||
    Number.isNaN(toEpochDay(iso)) ||
    fromEpochDay(toEpochDay(iso)) !== iso
  )
    throw new RangeError(`buildDemoFiles needs a day written YYYY-MM-DD, got ${day}`);
  return iso;
}

/** The calendar months cut out of [from, to]. */
function monthSegments(from: string, to: string): { from: string; to: string; month: number }[] {
  const out: { from: string; to: string; month: number }[] = [];
  let start = from;
  while (start <= to) {
    const [y, m] = start.split("-").map(Number) as [number, number];
    const monthEnd = fromEpochDay(Date.UTC(y, m, 1) / DAY_MS - 1);
    const end = minDate(monthEnd, to);
    out.push({ from: start, to: end, month: m });
    start = addDays(end, 1);
  }
  return out;
}

/** Every occurrence of the yearly window `MM-DD`..`MM-DD` that overlaps [from, to], clipped to it. */
function yearlyWindows(from: string, to: string, start: string, end: string): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  const firstYear = Number(from.slice(0, 4)) - 1;
  for (let year = firstYear; year <= Number(to.slice(0, 4)); year++) {
    const wFrom = `${year}-${start}`;
    const wTo = end >= start ? `${year}-${end}` : `${year + 1}-${end}`;
    const a = maxDate(wFrom, from);
    const b = minDate(wTo, to);
    if (a <= b) out.push({ from: a, to: b });
  }
  return out;
}

// ---- texts ----

const LANGS = ["en", "it", "de", "fr", "es", "pt", "zh", "ja"] as const;

/** Text in the languages given, in the order en, it, de, fr, es, pt, zh, ja. */
function t(...texts: string[]): Text {
  const out: Text = {};
  texts.forEach((text, i) => {
    const lang = LANGS[i];
    if (lang) out[lang] = text;
  });
  return out;
}

// ---- the group: channels, hosts, destinations, exchange rates, trade customers ----

const CHANNELS: PropertyFile["channels"] = [
  {
    id: DEMO_DIRECT_CHANNEL_ID,
    name: "Alloggio Demo Hotels – direct",
    kind: "direct",
    tradeAssociated: DEMO_TRADE_CHANNEL_ID,
    colors: { primary: "#0b5394", secondary: "#f1c232", style: "light" },
    tracking: {
      hasAnalytics: true,
      analytics: { "1": "G-DEMO0EN01", "2": "G-DEMO0IT02" },
      hasGtm: true,
      gtmTag: "GTM-DEMO123",
      gtmDomain: "demo.alloggio.test",
      gtmEventSend: true,
      hasAdwords: false,
      facebookPixel: "000000000000000",
      hasBannerCookieBB: true,
    },
    installments: { has_holipay: true, holipay_user: "alloggio-demo" },
    tradeConfHour: 18,
    settings: { portal: true, showPriceChart: true },
  },
  {
    id: DEMO_TRADE_CHANNEL_ID,
    name: "Alloggio Demo Hotels – trade",
    kind: "trade",
    tradeAssociated: DEMO_DIRECT_CHANNEL_ID,
    colors: { primary: "#274e13", secondary: "#b6d7a8", style: "light" },
    tracking: { hasAnalytics: false },
    installments: { has_holipay: false },
    tradeConfHour: 12,
    settings: { portal: true },
  },
];

const HOSTS: PropertyFile["hosts"] = [
  {
    host: "localhost",
    channel: DEMO_DIRECT_CHANNEL_ID,
    pageTitle: "Alloggio Demo Hotels",
    iconUrl: "/demo/icons/alloggio.svg",
  },
  {
    host: "demo.alloggio.test",
    channel: DEMO_DIRECT_CHANNEL_ID,
    pageTitle: "Alloggio Demo Hotels – book direct",
    iconUrl: "/demo/icons/alloggio.svg",
  },
  {
    host: "trade.demo.alloggio.test",
    channel: DEMO_TRADE_CHANNEL_ID,
    pageTitle: "Alloggio Demo Hotels – trade partners",
    iconUrl: "/demo/icons/alloggio-trade.svg",
  },
  {
    host: "bellavista.demo.alloggio.test",
    channel: DEMO_DIRECT_CHANNEL_ID,
    hotel: 1,
    pageTitle: "Hotel Bellavista Riva",
    iconUrl: "/demo/icons/bellavista.svg",
  },
];

const LAKE_GARDA = 1;
const SWISS_ALPS = 2;
const DESTINATIONS: PropertyFile["destinations"] = [
  {
    id: LAKE_GARDA,
    name: t(
      "Lake Garda",
      "Lago di Garda",
      "Gardasee",
      "Lac de Garde",
      "Lago de Garda",
      "Lago de Garda",
      "加尔达湖",
      "ガルダ湖",
    ),
  },
  {
    id: SWISS_ALPS,
    name: t(
      "Swiss Alps",
      "Alpi svizzere",
      "Schweizer Alpen",
      "Alpes suisses",
      "Alpes suizos",
      "Alpes suíços",
      "瑞士阿尔卑斯山",
      "スイスアルプス",
    ),
  },
];

/** Units per 1 EUR: fixed demo figures, not market data. */
const EXCHANGE_RATES: Record<string, number> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  CHF: 0.94,
  JPY: 162,
  CNY: 7.8,
  AUD: 1.65,
  CAD: 1.47,
  SEK: 11.4,
  NOK: 11.6,
  DKK: 7.46,
  PLN: 4.3,
  CZK: 25.2,
  HUF: 395,
  RON: 4.97,
  BRL: 5.5,
  INR: 90,
  MXN: 18.5,
  ZAR: 20.1,
  TRY: 35,
  AED: 3.97,
  SGD: 1.45,
  HKD: 8.45,
  NZD: 1.8,
  KRW: 1450,
};

const TRADE_CUSTOMERS: PropertyFile["tradeCustomers"] = [
  { id: 1, channel: DEMO_TRADE_CHANNEL_ID, name: "Viaggi Sereni Srl", agencyType: 1, active: true },
  {
    id: 2,
    channel: DEMO_TRADE_CHANNEL_ID,
    name: "Acme Consulting GmbH",
    agencyType: 2,
    active: true,
    extraDiscountPercent: 5,
  },
];

// ---- hotels ----

type RoomSpec = {
  code: string;
  name: Text;
  description: Text;
  amenities: RoomAmenity[];
  maxOccupancy: number;
  maxAdults: number;
  maxChildren: number;
  /** Nightly price for two adults with breakfast-less room only, in an average month. */
  base: number;
  allotment: number;
};

type HotelSpec = {
  hotel: Omit<PropertyFile["hotel"], "channelIds" | "destinationIds">;
  destination: number;
  /** Price factor per month (1 = January). */
  season: readonly number[];
  ageGroups: [number, number][];
  rooms: RoomSpec[];
  /** Extra rate plans on top of the common set. */
  extraRates: RateSpec[];
  /** Yearly peak windows (`MM-DD`) with a minimum stay and Sunday arrivals closed on board rates. */
  peaks: { start: string; end: string; minStay: number }[];
  /** A closed season, in days after today. */
  closedSeason?: { fromDay: number; days: number };
  /**
   * A 3-night stay, `fromDay` days after today, that no room type for two can take whole but the second and third
   * room types can one after the other: the demo's cross-booking (SPEC §1).
   */
  crossStay?: { fromDay: number };
  transferPrice: number;
  airport: { code: string; name: string };
};

const COMMON_AMENITIES: RoomAmenity[] = [
  "wifi",
  "tv",
  "safe",
  "hairdryer",
  "heating",
  "non_smoking",
  "shower",
];

const room = (
  code: string,
  name: Text,
  description: Text,
  extra: RoomAmenity[],
  limits: { occupancy: number; adults: number; children: number; base: number; allotment: number },
): RoomSpec => ({
  code,
  name,
  description,
  amenities: [...new Set([...COMMON_AMENITIES, ...extra])],
  maxOccupancy: limits.occupancy,
  maxAdults: limits.adults,
  maxChildren: limits.children,
  base: limits.base,
  allotment: limits.allotment,
});

const LAKE_SEASON = [0.7, 0.7, 0.8, 0.95, 1.05, 1.25, 1.5, 1.6, 1.2, 0.95, 0.75, 0.8];
const ALPS_SEASON = [1.55, 1.6, 1.4, 1.1, 0.8, 0.95, 1.2, 1.25, 1.0, 0.85, 0.9, 1.5];

const LAKE_SERVICES_TEXT = {
  wellness: [
    t("Outdoor pool with lake view", "Piscina esterna vista lago", "Außenpool mit Seeblick"),
    t("Sauna and Turkish bath", "Sauna e bagno turco", "Sauna und Dampfbad"),
  ],
  activities: [
    t("Windsurf and sailing school", "Scuola di windsurf e vela", "Windsurf- und Segelschule"),
    t("Guided bike tours", "Tour guidati in bici", "Geführte Radtouren"),
  ],
  business: [t("Meeting room for 20", "Sala riunioni da 20 posti", "Tagungsraum für 20 Personen")],
};

function rateSpec(spec: RateSpec): RateSpec {
  return spec;
}

type RateSpec = {
  code: string;
  name: Text;
  description: Text;
  /** Price relative to the room-only price. */
  factor: number;
  /** Family rates take children and carry child prices; the others are sold to adults only. */
  children: boolean;
  plan: Omit<RatePlan, "id" | "code" | "name" | "description" | "sortOrder" | "includedServiceIds">;
  /** Codes of services included at no cost. */
  included?: string[];
};

const MEAL_IDS = {
  room_only: 1,
  breakfast: 2,
  half_board: 3,
  full_board: 4,
  all_inclusive: 5,
  unspecified: 6,
};

const COMMON_RATES: RateSpec[] = [
  rateSpec({
    code: "RO-FLEX",
    name: t(
      "Room only – flexible",
      "Solo pernottamento – flessibile",
      "Nur Übernachtung – flexibel",
      "Chambre seule – flexible",
    ),
    description: t(
      "Free cancellation up to 3 days before arrival. Pay at the hotel.",
      "Cancellazione gratuita fino a 3 giorni prima dell'arrivo. Pagamento in hotel.",
      "Kostenlose Stornierung bis 3 Tage vor Anreise. Zahlung im Hotel.",
    ),
    factor: 1,
    children: true,
    plan: {
      mtId: MEAL_IDS.room_only,
      mealPlan: "room_only",
      refundable: true,
      freeCancellationDays: 3,
      payment: "pay_at_hotel",
      longStayDiscounts: [
        { minNights: 5, percent: 10 },
        { minNights: 7, percent: 15 },
      ],
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "BB-FLEX",
    name: t(
      "Bed & breakfast – weekly saver",
      "Pernottamento e colazione – risparmio settimanale",
      "Übernachtung mit Frühstück – Wochenrabatt",
      "Chambre et petit-déjeuner – offre semaine",
    ),
    description: t(
      "Up to 25% off for stays of at least 7 nights. Free cancellation until the day before arrival; card guarantee.",
      "Fino al 25% di sconto per soggiorni di almeno 7 notti. Cancellazione gratuita fino al giorno prima dell'arrivo; garanzia con carta.",
      "Bis zu 25% Rabatt ab 7 Nächten. Kostenlose Stornierung bis zum Vortag; Kreditkartengarantie.",
    ),
    factor: 1.12,
    children: true,
    plan: {
      mtId: MEAL_IDS.breakfast,
      mealPlan: "breakfast",
      refundable: true,
      freeCancellationDays: 1,
      payment: "card_guarantee",
      longStayDiscounts: [{ minNights: 7, percent: 25 }],
      channelIds: [DEMO_DIRECT_CHANNEL_ID, DEMO_TRADE_CHANNEL_ID],
    },
    included: ["PROSECCO"],
  }),
  rateSpec({
    code: "HB-FLEX",
    name: t("Half board", "Mezza pensione", "Halbpension", "Demi-pension"),
    description: t(
      "Breakfast and dinner. Free cancellation until the arrival day; the card is pre-authorised.",
      "Colazione e cena. Cancellazione gratuita fino al giorno di arrivo; pre-autorizzazione della carta.",
      "Frühstück und Abendessen. Kostenlose Stornierung bis zum Anreisetag; Vorautorisierung der Karte.",
    ),
    factor: 1.35,
    children: true,
    plan: {
      mtId: MEAL_IDS.half_board,
      mealPlan: "half_board",
      refundable: true,
      freeCancellationDays: 0,
      payment: "pre_authorisation",
      minStay: 2,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "FB-BANK",
    name: t(
      "Full board – bank transfer",
      "Pensione completa – bonifico",
      "Vollpension – Überweisung",
      "Pension complète – virement",
    ),
    description: t(
      "30% by bank transfer within 3 days of booking, the rest 14 days before arrival. Free cancellation up to 7 days before arrival.",
      "30% con bonifico entro 3 giorni dalla prenotazione, il saldo 14 giorni prima dell'arrivo. Cancellazione gratuita fino a 7 giorni prima.",
      "30% per Überweisung innerhalb von 3 Tagen, der Rest 14 Tage vor Anreise. Kostenlose Stornierung bis 7 Tage vorher.",
    ),
    factor: 1.55,
    children: false,
    plan: {
      mtId: MEAL_IDS.full_board,
      mealPlan: "full_board",
      refundable: true,
      freeCancellationDays: 7,
      payment: "bank_transfer",
      prepayment: [
        { timing: "days_after_booking", days: 3, percent: 30 },
        { timing: "days_before_arrival", days: 14, percent: 70 },
      ],
      minStay: 3,
      maxStay: 21,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "NR-RESALE",
    name: t(
      "Non-refundable – resellable",
      "Non rimborsabile – rivendibile",
      "Nicht erstattbar – weiterverkaufbar",
      "Non remboursable – revendable",
    ),
    description: t(
      "Paid in full at booking. Cannot be changed or cancelled, but can be resold until 23:59 the day before check-in.",
      "Pagamento completo alla prenotazione. Non modificabile né cancellabile, ma rivendibile fino alle 23:59 del giorno prima del check-in.",
      "Vollständige Zahlung bei Buchung. Nicht änderbar oder stornierbar, aber bis 23:59 Uhr am Vortag weiterverkaufbar.",
    ),
    factor: 0.95,
    children: false,
    plan: {
      mtId: MEAL_IDS.breakfast,
      mealPlan: "breakfast",
      refundable: false,
      payment: "prepaid",
      prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
      resellable: true,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "NR-SAVER",
    name: t(
      "Advance saver – non-refundable",
      "Prenota prima – non rimborsabile",
      "Frühbucher – nicht erstattbar",
      "Réservez tôt – non remboursable",
    ),
    description: t(
      "Our lowest price, prepaid. Add refund protection to get your money back if you cannot travel.",
      "Il nostro prezzo più basso, prepagato. Aggiungi la protezione rimborso per riavere il denaro se non puoi partire.",
      "Unser günstigster Preis, vorausbezahlt. Mit Rückerstattungsschutz erhalten Sie Ihr Geld zurück.",
    ),
    factor: 0.85,
    children: false,
    plan: {
      mtId: MEAL_IDS.room_only,
      mealPlan: "room_only",
      refundable: false,
      payment: "prepaid",
      prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
      refundProtection: 19,
      maxStay: 14,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "ROMANCE",
    name: t(
      "Romantic escape for two",
      "Fuga romantica per due",
      "Romantische Auszeit zu zweit",
      "Escapade romantique à deux",
    ),
    description: t(
      "Half board for two adults, welcome prosecco and a massage included.",
      "Mezza pensione per due adulti, prosecco di benvenuto e massaggio inclusi.",
      "Halbpension für zwei Erwachsene, Begrüßungsprosecco und Massage inklusive.",
    ),
    factor: 1.6,
    children: false,
    plan: {
      mtId: MEAL_IDS.half_board,
      mealPlan: "half_board",
      refundable: true,
      freeCancellationDays: 3,
      payment: "card_guarantee",
      minStay: 2,
      minAdults: 2,
      maxAdults: 2,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
    included: ["PROSECCO", "MASSAGE"],
  }),
  rateSpec({
    code: "TRADE-COM",
    name: t(
      "Trade – commissionable",
      "Agenzie – commissionabile",
      "Reisebüro – provisionsfähig",
      "Agences – commissionnable",
    ),
    description: t(
      "Public bed & breakfast price; 10% commission to the agency.",
      "Prezzo pubblico con colazione; 10% di commissione all'agenzia.",
      "Öffentlicher Preis mit Frühstück; 10% Provision für die Agentur.",
    ),
    factor: 1.12,
    children: true,
    plan: {
      mtId: MEAL_IDS.breakfast,
      mealPlan: "breakfast",
      refundable: true,
      freeCancellationDays: 3,
      payment: "pay_at_hotel",
      commissionPercent: 10,
      tradeOnly: true,
      channelIds: [DEMO_TRADE_CHANNEL_ID],
    },
  }),
  rateSpec({
    code: "TRADE-NET",
    name: t("Trade – net rate", "Agenzie – tariffa netta", "Reisebüro – Nettorate", "Agences – tarif net"),
    description: t(
      "Net price for resale, prepaid by bank transfer 30 days before arrival.",
      "Prezzo netto per la rivendita, bonifico 30 giorni prima dell'arrivo.",
      "Nettopreis zum Wiederverkauf, Überweisung 30 Tage vor Anreise.",
    ),
    factor: 0.9,
    children: false,
    plan: {
      mtId: MEAL_IDS.breakfast,
      mealPlan: "breakfast",
      refundable: true,
      freeCancellationDays: 7,
      payment: "bank_transfer",
      prepayment: [{ timing: "days_before_arrival", days: 30, percent: 100 }],
      isNet: true,
      tradeOnly: true,
      channelIds: [DEMO_TRADE_CHANNEL_ID],
    },
  }),
];

const HOTELS: HotelSpec[] = [
  {
    hotel: {
      id: 1,
      name: "Hotel Bellavista Riva",
      description: t(
        "A family-run four-star hotel on the lakefront of Riva del Garda, with a pool and a garden.",
        "Hotel quattro stelle a gestione familiare sul lungolago di Riva del Garda, con piscina e giardino.",
        "Familiengeführtes Vier-Sterne-Hotel an der Seepromenade von Riva del Garda, mit Pool und Garten.",
        "Hôtel quatre étoiles familial sur les rives du lac à Riva del Garda, avec piscine et jardin.",
        "Hotel familiar de cuatro estrellas junto al lago en Riva del Garda, con piscina y jardín.",
        "Hotel familiar de quatro estrelas à beira do lago em Riva del Garda, com piscina e jardim.",
        "加尔达湖畔里瓦的家庭经营四星级酒店，设有泳池和花园。",
        "リーヴァ・デル・ガルダの湖畔にある家族経営の4つ星ホテル。プールと庭園付き。",
      ),
      address: "Viale Rovereto 12",
      city: "Riva del Garda",
      country: "IT",
      timeZone: "Europe/Rome",
      currencyCode: "EUR",
      email: "info@bellavista.demo.alloggio.test",
      phone: "+39 0464 555 010",
      checkInFrom: "14:00",
      checkInUntil: "23:00",
      checkOutUntil: "10:30",
      breakfastFrom: "07:00",
      breakfastUntil: "10:30",
      pets: "per_night",
      petFee: 15,
      wellness: LAKE_SERVICES_TEXT.wellness,
      activities: LAKE_SERVICES_TEXT.activities,
      businessServices: LAKE_SERVICES_TEXT.business,
      messaging: { active: true, button: "WhatsApp", number: "+39 333 555 0101" },
      showChat: true,
      guestsMandatory: false,
      cityTax: 2.5,
      paymentGatewayKey: "sandbox",
      settings: { aspect: { showChat: true } },
    },
    destination: LAKE_GARDA,
    season: LAKE_SEASON,
    ageGroups: [
      [0, 2],
      [3, 11],
      [12, 17],
    ],
    rooms: [
      room(
        "SGL",
        t("Single room", "Camera singola", "Einzelzimmer", "Chambre simple"),
        t(
          "A quiet single room facing the garden.",
          "Una tranquilla camera singola sul giardino.",
          "Ein ruhiges Einzelzimmer zum Garten.",
        ),
        ["garden_view", "desk"],
        { occupancy: 1, adults: 1, children: 0, base: 75, allotment: 4 },
      ),
      room(
        "DBL",
        t(
          "Classic double room",
          "Camera doppia classica",
          "Klassisches Doppelzimmer",
          "Chambre double classique",
        ),
        t(
          "Double or twin beds, with a balcony.",
          "Letto matrimoniale o due letti, con balcone.",
          "Doppel- oder Einzelbetten, mit Balkon.",
        ),
        ["balcony", "minibar", "air_conditioning", "crib"],
        { occupancy: 3, adults: 2, children: 1, base: 110, allotment: 12 },
      ),
      room(
        "DBL-LAKE",
        t(
          "Superior double, lake view",
          "Doppia superior vista lago",
          "Superior-Doppelzimmer mit Seeblick",
          "Double supérieure vue lac",
        ),
        t(
          "Large double room with a balcony over the lake.",
          "Ampia camera doppia con balcone sul lago.",
          "Großes Doppelzimmer mit Balkon zum See.",
        ),
        ["lake_view", "balcony", "minibar", "air_conditioning", "coffee_machine", "bathrobe", "slippers"],
        { occupancy: 2, adults: 2, children: 0, base: 140, allotment: 8 },
      ),
      room(
        "JSUITE",
        t("Junior suite", "Junior suite", "Junior Suite", "Suite junior"),
        t(
          "Bedroom and lounge area with a sofa bed and a terrace.",
          "Camera e zona giorno con divano letto e terrazza.",
          "Schlafzimmer und Wohnbereich mit Schlafsofa und Terrasse.",
        ),
        [
          "terrace",
          "lake_view",
          "bathtub",
          "sofa_bed",
          "air_conditioning",
          "minibar",
          "coffee_machine",
          "bathrobe",
        ],
        { occupancy: 4, adults: 3, children: 2, base: 190, allotment: 4 },
      ),
      room(
        "FAM",
        t("Family room", "Camera family", "Familienzimmer", "Chambre familiale"),
        t(
          "Two connecting rooms for up to five guests.",
          "Due camere comunicanti per un massimo di cinque ospiti.",
          "Zwei verbundene Zimmer für bis zu fünf Gäste.",
        ),
        ["connecting_rooms", "balcony", "crib", "sofa_bed", "air_conditioning", "kettle"],
        { occupancy: 5, adults: 4, children: 3, base: 210, allotment: 5 },
      ),
      room(
        "SUITE-TER",
        t(
          "Suite with panoramic terrace",
          "Suite con terrazza panoramica",
          "Suite mit Panoramaterrasse",
          "Suite avec terrasse panoramique",
        ),
        t(
          "Top-floor suite with jacuzzi on a private terrace.",
          "Suite all'ultimo piano con jacuzzi sulla terrazza privata.",
          "Suite im obersten Stock mit Whirlpool auf der Privatterrasse.",
        ),
        [
          "terrace",
          "jacuzzi",
          "lake_view",
          "bathtub",
          "air_conditioning",
          "minibar",
          "coffee_machine",
          "bathrobe",
          "slippers",
          "soundproof",
        ],
        { occupancy: 2, adults: 2, children: 0, base: 290, allotment: 2 },
      ),
    ],
    extraRates: [],
    peaks: [{ start: "07-15", end: "08-20", minStay: 3 }],
    crossStay: { fromDay: 300 },
    transferPrice: 90,
    airport: { code: "VRN", name: "Verona Villafranca" },
  },
  {
    hotel: {
      id: 2,
      name: "Villa Olivo Malcesine",
      description: t(
        "A villa among olive groves above Malcesine, with apartments and rooms, closed for a few weeks each winter.",
        "Una villa tra gli ulivi sopra Malcesine, con appartamenti e camere, chiusa alcune settimane in inverno.",
        "Eine Villa zwischen Olivenhainen oberhalb von Malcesine, mit Apartments und Zimmern, im Winter einige Wochen geschlossen.",
      ),
      address: "Via Panoramica 45",
      city: "Malcesine",
      country: "IT",
      timeZone: "Europe/Rome",
      currencyCode: "EUR",
      email: "ciao@villaolivo.demo.alloggio.test",
      phone: "+39 045 555 0202",
      checkInFrom: "15:00",
      checkInUntil: "20:00",
      checkOutUntil: "10:00",
      breakfastFrom: "07:30",
      breakfastUntil: "10:00",
      pets: "free",
      wellness: [
        t("Olive-oil spa treatments", "Trattamenti spa all'olio d'oliva", "Spa-Anwendungen mit Olivenöl"),
      ],
      activities: [
        t("Hiking on Monte Baldo", "Escursioni sul Monte Baldo", "Wandern am Monte Baldo"),
        t("Olive oil tasting", "Degustazione di olio d'oliva", "Olivenöl-Verkostung"),
      ],
      businessServices: [],
      messaging: { active: false },
      showChat: false,
      guestsMandatory: true,
      cityTax: 1.5,
    },
    destination: LAKE_GARDA,
    season: LAKE_SEASON,
    ageGroups: [
      [0, 2],
      [3, 11],
      [12, 17],
    ],
    rooms: [
      room(
        "DBL-GARDEN",
        t("Double room, garden view", "Doppia vista giardino", "Doppelzimmer mit Gartenblick"),
        t(
          "Ground-floor double opening on the olive garden.",
          "Doppia al piano terra sul giardino degli ulivi.",
          "Doppelzimmer im Erdgeschoss zum Olivengarten.",
        ),
        ["garden_view", "terrace", "pets_allowed"],
        { occupancy: 2, adults: 2, children: 0, base: 95, allotment: 6 },
      ),
      room(
        "DBL-LAKE",
        t("Double room, lake view", "Doppia vista lago", "Doppelzimmer mit Seeblick"),
        t(
          "First-floor double with a balcony and a lake view.",
          "Doppia al primo piano con balcone vista lago.",
          "Doppelzimmer im ersten Stock mit Balkon und Seeblick.",
        ),
        ["lake_view", "balcony", "air_conditioning"],
        { occupancy: 2, adults: 2, children: 0, base: 120, allotment: 6 },
      ),
      room(
        "TRIPLE",
        t("Triple room", "Camera tripla", "Dreibettzimmer"),
        t(
          "Three single beds or a double and a single.",
          "Tre letti singoli o un matrimoniale e un singolo.",
          "Drei Einzelbetten oder ein Doppel- und ein Einzelbett.",
        ),
        ["balcony", "air_conditioning", "crib"],
        { occupancy: 3, adults: 3, children: 1, base: 135, allotment: 4 },
      ),
      room(
        "APT-4",
        t("Apartment for four", "Appartamento per quattro", "Apartment für vier"),
        t(
          "Two rooms with a kitchenette and a private garden.",
          "Due locali con angolo cottura e giardino privato.",
          "Zwei Zimmer mit Küchenzeile und eigenem Garten.",
        ),
        ["kitchenette", "garden_view", "pets_allowed", "parking", "iron", "kettle", "sofa_bed"],
        { occupancy: 4, adults: 4, children: 2, base: 160, allotment: 4 },
      ),
      room(
        "FAM",
        t("Family suite", "Suite family", "Familiensuite"),
        t(
          "A suite with two bedrooms and a lake-view terrace.",
          "Suite con due camere e terrazza vista lago.",
          "Suite mit zwei Schlafzimmern und Seeterrasse.",
        ),
        ["terrace", "lake_view", "crib", "sofa_bed", "air_conditioning", "accessible"],
        { occupancy: 5, adults: 4, children: 3, base: 185, allotment: 3 },
      ),
    ],
    extraRates: [],
    peaks: [{ start: "07-10", end: "08-25", minStay: 4 }],
    closedSeason: { fromDay: 200, days: 21 },
    transferPrice: 110,
    airport: { code: "VRN", name: "Verona Villafranca" },
  },
  {
    hotel: {
      id: 3,
      name: "Lido Palace Sirmione",
      description: t(
        "An all-inclusive resort on the Sirmione peninsula, with a private beach and thermal spa.",
        "Un resort all-inclusive sulla penisola di Sirmione, con spiaggia privata e spa termale.",
        "Ein All-inclusive-Resort auf der Halbinsel Sirmione mit Privatstrand und Thermalspa.",
        "Un complexe tout compris sur la presqu'île de Sirmione, avec plage privée et spa thermal.",
      ),
      address: "Via Catullo 8",
      city: "Sirmione",
      country: "IT",
      timeZone: "Europe/Rome",
      currencyCode: "EUR",
      email: "booking@lidopalace.demo.alloggio.test",
      phone: "+39 030 555 0303",
      checkInFrom: "15:00",
      checkInUntil: "00:00",
      checkOutUntil: "11:00",
      breakfastFrom: "07:00",
      breakfastUntil: "11:00",
      pets: "not_allowed",
      wellness: [
        t("Thermal spa with indoor pool", "Spa termale con piscina interna", "Thermalspa mit Hallenbad"),
        t("Fitness room", "Sala fitness", "Fitnessraum"),
      ],
      activities: [
        t("Private beach", "Spiaggia privata", "Privatstrand"),
        t("Boat trips", "Gite in barca", "Bootsausflüge"),
      ],
      businessServices: [
        t("Conference centre for 150", "Centro congressi da 150 posti", "Kongresszentrum für 150 Personen"),
        t("Business corner", "Business corner", "Business-Ecke"),
      ],
      messaging: { active: true, button: "Chat", webUrl: "https://chat.demo.alloggio.test/lido" },
      showChat: false,
      cityTax: 3,
    },
    destination: LAKE_GARDA,
    season: LAKE_SEASON,
    ageGroups: [
      [0, 2],
      [3, 11],
      [12, 17],
    ],
    rooms: [
      room(
        "CLASSIC",
        t("Classic room", "Camera classic", "Classic-Zimmer"),
        t(
          "Comfortable double room facing the park.",
          "Confortevole camera doppia sul parco.",
          "Komfortables Doppelzimmer zum Park.",
        ),
        ["air_conditioning", "minibar", "city_view"],
        { occupancy: 2, adults: 2, children: 0, base: 130, allotment: 20 },
      ),
      room(
        "DELUXE",
        t("Deluxe room, lake view", "Camera deluxe vista lago", "Deluxe-Zimmer mit Seeblick"),
        t(
          "Spacious room with a lake-view balcony.",
          "Camera spaziosa con balcone vista lago.",
          "Geräumiges Zimmer mit Seeblick-Balkon.",
        ),
        ["lake_view", "balcony", "air_conditioning", "minibar", "coffee_machine", "bathrobe"],
        { occupancy: 3, adults: 2, children: 1, base: 165, allotment: 14 },
      ),
      room(
        "FAMILY",
        t("Family room", "Camera family", "Familienzimmer"),
        t(
          "A large room with bunk beds for the children.",
          "Camera ampia con letto a castello per i bambini.",
          "Großes Zimmer mit Etagenbett für die Kinder.",
        ),
        ["air_conditioning", "crib", "sofa_bed", "pool"],
        { occupancy: 5, adults: 4, children: 3, base: 220, allotment: 8 },
      ),
      room(
        "SUITE",
        t("Spa suite", "Suite spa", "Spa-Suite"),
        t("Suite with sauna and bathtub.", "Suite con sauna e vasca.", "Suite mit Sauna und Badewanne."),
        ["sauna", "bathtub", "lake_view", "terrace", "air_conditioning", "bathrobe", "slippers"],
        { occupancy: 4, adults: 3, children: 2, base: 280, allotment: 4 },
      ),
      room(
        "PENTHOUSE",
        t("Penthouse", "Attico", "Penthouse"),
        t(
          "The whole top floor: two bedrooms, fireplace and a roof terrace.",
          "L'intero ultimo piano: due camere, camino e terrazza sul tetto.",
          "Das ganze oberste Stockwerk: zwei Schlafzimmer, Kamin und Dachterrasse.",
        ),
        ["fireplace", "terrace", "jacuzzi", "lake_view", "air_conditioning", "kitchenette", "soundproof"],
        { occupancy: 4, adults: 4, children: 0, base: 420, allotment: 1 },
      ),
    ],
    extraRates: [
      rateSpec({
        code: "AI",
        name: t("All inclusive", "All inclusive", "All inclusive", "Tout compris"),
        description: t(
          "All meals and drinks, beach and spa included. Free cancellation up to 3 days before arrival.",
          "Pasti e bevande, spiaggia e spa inclusi. Cancellazione gratuita fino a 3 giorni prima.",
          "Alle Mahlzeiten und Getränke, Strand und Spa inklusive.",
        ),
        factor: 1.85,
        children: true,
        plan: {
          mtId: MEAL_IDS.all_inclusive,
          mealPlan: "all_inclusive",
          refundable: true,
          freeCancellationDays: 3,
          payment: "card_guarantee",
          minStay: 3,
          channelIds: [DEMO_DIRECT_CHANNEL_ID, DEMO_TRADE_CHANNEL_ID],
        },
      }),
    ],
    peaks: [{ start: "07-20", end: "08-25", minStay: 5 }],
    transferPrice: 75,
    airport: { code: "VRN", name: "Verona Villafranca" },
  },
  {
    hotel: {
      id: 4,
      name: "Chalet Edelweiss Zermatt",
      description: t(
        "A wooden chalet hotel with a view of the Matterhorn, five minutes from the ski lifts.",
        "Uno chalet in legno con vista sul Cervino, a cinque minuti dagli impianti.",
        "Ein Chalethotel aus Holz mit Blick aufs Matterhorn, fünf Minuten von den Bergbahnen.",
        "Un chalet-hôtel en bois avec vue sur le Cervin, à cinq minutes des remontées.",
      ),
      address: "Bahnhofstrasse 21",
      city: "Zermatt",
      country: "CH",
      timeZone: "Europe/Zurich",
      currencyCode: "CHF",
      email: "hello@edelweiss.demo.alloggio.test",
      phone: "+41 27 555 04 04",
      checkInFrom: "16:00",
      checkInUntil: "22:00",
      checkOutUntil: "10:00",
      breakfastFrom: "07:00",
      breakfastUntil: "10:30",
      pets: "per_stay",
      petFee: 40,
      wellness: [
        t("Sauna with Matterhorn view", "Sauna con vista Cervino", "Sauna mit Matterhornblick"),
        t("Hot tub", "Vasca idromassaggio", "Whirlpool"),
      ],
      activities: [
        t("Ski room and boot heaters", "Deposito sci con scaldascarponi", "Skiraum mit Schuhtrockner"),
        t("Guided glacier walks", "Escursioni guidate sul ghiacciaio", "Geführte Gletscherwanderungen"),
      ],
      businessServices: [],
      messaging: { active: true, button: "WhatsApp", number: "+41 79 555 04 04" },
      showChat: true,
      cityTax: 3.5,
      settings: { aspect: { showChat: true } },
    },
    destination: SWISS_ALPS,
    season: ALPS_SEASON,
    ageGroups: [
      [0, 5],
      [6, 12],
      [13, 17],
    ],
    rooms: [
      room(
        "SGL",
        t("Single room", "Camera singola", "Einzelzimmer"),
        t(
          "A cosy single under the roof.",
          "Un'accogliente singola sotto il tetto.",
          "Ein gemütliches Einzelzimmer unter dem Dach.",
        ),
        ["mountain_view", "desk"],
        { occupancy: 1, adults: 1, children: 0, base: 160, allotment: 3 },
      ),
      room(
        "DBL-MATT",
        t("Double room, Matterhorn view", "Doppia vista Cervino", "Doppelzimmer mit Matterhornblick"),
        t(
          "Pine-wood double with a balcony facing the Matterhorn.",
          "Doppia in legno di cirmolo con balcone verso il Cervino.",
          "Arvenholz-Doppelzimmer mit Balkon zum Matterhorn.",
        ),
        ["mountain_view", "balcony", "minibar", "kettle", "bathrobe"],
        { occupancy: 2, adults: 2, children: 0, base: 260, allotment: 8 },
      ),
      room(
        "JSUITE",
        t("Junior suite", "Junior suite", "Junior Suite"),
        t(
          "Suite with a fireplace and a sofa bed.",
          "Suite con camino e divano letto.",
          "Suite mit Kamin und Schlafsofa.",
        ),
        ["fireplace", "mountain_view", "sofa_bed", "bathtub", "minibar", "coffee_machine"],
        { occupancy: 4, adults: 3, children: 2, base: 380, allotment: 3 },
      ),
      room(
        "FAM-APT",
        t("Family apartment", "Appartamento family", "Familienapartment"),
        t(
          "Two bedrooms, a kitchenette and a ski locker.",
          "Due camere, angolo cottura e deposito sci.",
          "Zwei Schlafzimmer, Küchenzeile und Skischrank.",
        ),
        ["kitchenette", "mountain_view", "crib", "sofa_bed", "iron", "kettle", "parking"],
        { occupancy: 5, adults: 5, children: 3, base: 420, allotment: 3 },
      ),
      room(
        "CHALET-SUITE",
        t("Chalet suite with sauna", "Suite chalet con sauna", "Chalet-Suite mit Sauna"),
        t(
          "Private sauna, fireplace and a terrace.",
          "Sauna privata, camino e terrazza.",
          "Private Sauna, Kamin und Terrasse.",
        ),
        ["sauna", "fireplace", "terrace", "mountain_view", "jacuzzi", "bathrobe", "slippers"],
        { occupancy: 4, adults: 4, children: 2, base: 620, allotment: 2 },
      ),
    ],
    extraRates: [
      rateSpec({
        code: "SKI",
        name: t("Ski & stay", "Sci e soggiorno", "Ski & Stay", "Ski & séjour"),
        description: t(
          "Room with a ski pass for every adult; meal plan as you like.",
          "Camera con skipass per ogni adulto; trattamento a scelta.",
          "Zimmer mit Skipass für jeden Erwachsenen; Verpflegung nach Wahl.",
        ),
        factor: 1.3,
        children: true,
        plan: {
          mtId: MEAL_IDS.unspecified,
          mealPlan: "unspecified",
          refundable: true,
          freeCancellationDays: 14,
          payment: "card_guarantee",
          minStay: 3,
          channelIds: [DEMO_DIRECT_CHANNEL_ID],
        },
      }),
    ],
    peaks: [
      { start: "12-20", end: "01-06", minStay: 5 },
      { start: "02-01", end: "03-15", minStay: 4 },
    ],
    transferPrice: 180,
    airport: { code: "GVA", name: "Geneva" },
  },
];

// ---- services, shared by the hotels ----

type ServiceSpec = Omit<Service, "id" | "category" | "price"> & {
  key: string;
  category: string;
  price: number;
};

const SERVICE_CATEGORIES: { key: string; name: Text; mandatory?: boolean }[] = [
  {
    key: "INSURANCE",
    name: t("Travel insurance", "Assicurazione viaggio", "Reiseversicherung", "Assurance voyage"),
    mandatory: true,
  },
  { key: "FOOD", name: t("Food & drinks", "Cibo e bevande", "Essen & Getränke", "Restauration") },
  { key: "WELLNESS", name: t("Wellness", "Benessere", "Wellness", "Bien-être") },
  { key: "TRANSFER", name: t("Transfers", "Transfer", "Transfers", "Transferts") },
  { key: "EXTRAS", name: t("Extras", "Extra", "Extras", "Suppléments") },
];

const HOURLY = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, "0")}:00`);

function serviceSpecs(transferPrice: number, airport: string): ServiceSpec[] {
  return [
    {
      key: "INS-BASIC",
      category: "INSURANCE",
      name: t("Basic cover (included)", "Copertura base (inclusa)", "Basisschutz (inklusive)"),
      pricingBasis: "per_stay",
      price: 0,
    },
    {
      key: "INS-FULL",
      category: "INSURANCE",
      name: t(
        "Full cancellation and medical cover",
        "Copertura completa annullamento e spese mediche",
        "Voller Storno- und Krankenschutz",
      ),
      pricingBasis: "per_person",
      price: 12,
    },
    {
      key: "RESORT-FEE",
      category: "EXTRAS",
      name: t("Resort fee", "Tassa resort", "Resortgebühr"),
      pricingBasis: "per_person",
      perNight: true,
      price: 3,
      mandatoryFor: "all_adults",
      maxQuantity: 20,
    },
    {
      key: "KIDS-CLUB",
      category: "EXTRAS",
      name: t("Kids club", "Mini club", "Kinderclub"),
      pricingBasis: "per_person",
      perNight: true,
      price: 8,
      mandatoryFor: "all_children",
      maxQuantity: 15,
    },
    {
      key: "DINNER",
      category: "FOOD",
      name: t("Four-course dinner", "Cena di quattro portate", "Viergängiges Abendessen"),
      pricingBasis: "per_person",
      price: 45,
      needsDate: true,
      timeSlots: ["19:00", "19:30", "20:00", "20:30", "21:00"],
    },
    {
      key: "ROOM-BREAKFAST",
      category: "FOOD",
      name: t("Breakfast in the room", "Colazione in camera", "Frühstück auf dem Zimmer"),
      pricingBasis: "per_unit",
      perNight: true,
      price: 12,
      timeSlots: ["07:30", "08:00", "08:30", "09:00", "09:30"],
    },
    {
      key: "PROSECCO",
      category: "FOOD",
      name: t("Welcome prosecco", "Prosecco di benvenuto", "Begrüßungsprosecco"),
      pricingBasis: "per_stay",
      price: 0,
    },
    {
      key: "MASSAGE",
      category: "WELLNESS",
      name: t("Massage, 50 minutes", "Massaggio, 50 minuti", "Massage, 50 Minuten"),
      pricingBasis: "per_person",
      price: 70,
      needsDate: true,
      timeSlots: ["10:00", "11:00", "15:00", "16:00", "17:00", "18:00"],
    },
    {
      key: "SPA",
      category: "WELLNESS",
      name: t("Spa access", "Ingresso spa", "Spa-Eintritt"),
      pricingBasis: "per_person",
      perNight: true,
      price: 15,
    },
    {
      key: "AIRPORT",
      category: "TRANSFER",
      name: t(
        `Private transfer from ${airport} airport`,
        `Transfer privato dall'aeroporto di ${airport}`,
        `Privattransfer vom Flughafen ${airport}`,
      ),
      description: t(
        "Give your flight number and landing time.",
        "Indica numero di volo e orario di atterraggio.",
        "Geben Sie Flugnummer und Landezeit an.",
      ),
      pricingBasis: "per_unit",
      price: transferPrice,
      needsDate: true,
      timeSlots: HOURLY(8, 22),
      isTransfer: true,
      maxQuantity: 4,
    },
    {
      key: "STATION",
      category: "TRANSFER",
      name: t("Train station shuttle", "Navetta dalla stazione", "Bahnhofsshuttle"),
      pricingBasis: "per_person",
      price: 0,
      needsDate: true,
      timeSlots: ["10:00", "14:00", "18:00"],
      isTransfer: true,
    },
    {
      key: "PARKING",
      category: "EXTRAS",
      name: t("Covered parking", "Parcheggio coperto", "Überdachter Parkplatz"),
      pricingBasis: "per_unit",
      perNight: true,
      price: 15,
      maxQuantity: 3,
    },
    {
      key: "LATE-CHECKOUT",
      category: "EXTRAS",
      name: t("Late check-out", "Check-out posticipato", "Später Check-out"),
      pricingBasis: "per_stay",
      price: 30,
      timeSlots: ["12:00", "14:00"],
    },
    {
      key: "CRIB",
      category: "EXTRAS",
      name: t("Baby cot", "Culla", "Babybett"),
      pricingBasis: "per_unit",
      price: 0,
      maxQuantity: 2,
    },
    {
      key: "BIKE",
      category: "EXTRAS",
      name: t("E-bike rental", "Noleggio e-bike", "E-Bike-Verleih"),
      pricingBasis: "per_person",
      perNight: true,
      price: 25,
      needsDate: true,
    },
  ];
}

// ---- building one file ----

const ADULT_FACTORS = [0, 0.8, 1, 1.35, 1.65, 1.95, 2.25];
const CHILD_FACTORS = [0, 0.3, 0.5];
const WEEKEND = [5, 6];

function buildHotelFile(spec: HotelSpec, today: string): PropertyFile {
  const h = spec.hotel.id;
  const id = (n: number) => h * 100 + n;
  const last = addDays(today, DEMO_DAYS - 1);
  const rng = mulberry32(0x5eed0000 + h);
  const jitter = () => 0.96 + rng() * 0.08;
  const round = (amount: number) => Math.max(1, Math.round(amount));

  const ageGroups = spec.ageGroups.map(([min, max], i) => ({ id: id(i + 1), min, max }));
  const roomTypes = spec.rooms.map((r, i) => ({
    id: id(i + 1),
    code: r.code,
    name: r.name,
    description: r.description,
    gallery: [1, 2, 3].map((n) => `/demo/rooms/${r.code.toLowerCase()}-${n}.svg`),
    amenities: r.amenities,
    maxOccupancy: r.maxOccupancy,
    maxAdults: r.maxAdults,
    maxChildren: r.maxChildren,
    sortOrder: i,
  }));

  const categories = SERVICE_CATEGORIES.map((c, i) => ({ id: id(i + 1), ...c }));
  const categoryId = new Map(categories.map((c) => [c.key, c.id]));
  const services = serviceSpecs(spec.transferPrice, spec.airport.name).map(
    ({ key, category, ...rest }, i) => ({
      key,
      service: {
        ...rest,
        id: id(i + 1),
        category: categoryId.get(category)!,
        image: `/demo/services/${key.toLowerCase()}.jpg`,
      },
    }),
  );
  const serviceId = new Map(services.map((s) => [s.key, s.service.id]));

  const rates = [...COMMON_RATES, ...spec.extraRates];
  const ratePlans: RatePlan[] = rates.map((r, i) => ({
    id: id(i + 1),
    code: r.code,
    name: r.name,
    description: r.description,
    ...r.plan,
    includedServiceIds: (r.included ?? []).map((key) => serviceId.get(key)!),
    sortOrder: i,
  }));
  const rateId = new Map(rates.map((r, i) => [r.code, id(i + 1)]));

  // Prices: one period per calendar month, a dearer one for Friday and Saturday nights (later entries win).
  const months = monthSegments(today, last);
  const monthJitter = months.map(() => jitter());
  const prices: NonNullable<PropertyFile["prices"]> = [];
  spec.rooms.forEach((r, ri) => {
    rates.forEach((rate, pi) => {
      const minAdults = rate.plan.minAdults ?? 1;
      const maxAdults = Math.min(r.maxAdults, rate.plan.maxAdults ?? r.maxAdults);
      if (minAdults > maxAdults) return;
      months.forEach((segment, mi) => {
        const base = r.base * (spec.season[segment.month - 1] ?? 1) * monthJitter[mi]! * rate.factor;
        for (const weekend of [false, true]) {
          const perAdults: Record<string, number> = {};
          for (let n = minAdults; n <= maxAdults; n++)
            perAdults[String(n)] = round(base * (ADULT_FACTORS[n] ?? n * 0.45) * (weekend ? 1.12 : 1));
          prices.push({
            roomType: roomTypes[ri]!.id,
            ratePlan: ratePlans[pi]!.id,
            from: segment.from,
            to: segment.to,
            perAdults,
            ...(weekend ? { weekdays: WEEKEND } : {}),
          });
        }
      });
    });
  });

  // Children: one price per age group for the whole period (the youngest stay free).
  const childPrices: NonNullable<PropertyFile["childPrices"]> = [];
  spec.rooms.forEach((r, ri) => {
    if (r.maxChildren === 0) return;
    rates.forEach((rate, pi) => {
      if (!rate.children) return;
      ageGroups.forEach((group, gi) => {
        childPrices.push({
          roomType: roomTypes[ri]!.id,
          ratePlan: ratePlans[pi]!.id,
          ageGroup: group.id,
          from: today,
          to: last,
          amount: gi === 0 ? 0 : round(r.base * 0.5 * rate.factor * (CHILD_FACTORS[gi] ?? 0.5)),
        });
      });
    });
  });

  // Inventory: the whole period open, a few sold-out nights, and the closed season where there is one.
  const inventory: NonNullable<PropertyFile["inventory"]> = roomTypes.map((r, i) => ({
    roomType: r.id,
    from: today,
    to: last,
    allotment: spec.rooms[i]!.allotment,
  }));
  for (let k = 0; k < 3; k++) {
    const day = addDays(today, 5 + Math.floor(rng() * 60));
    inventory.push({ roomType: roomTypes[0]!.id, from: day, to: day, allotment: 0 });
  }
  if (spec.crossStay) {
    // The first night only the second room type is free, the next two only the third.
    const first = addDays(today, spec.crossStay.fromDay);
    roomTypes.forEach((r, i) => {
      if (i !== 1) inventory.push({ roomType: r.id, from: first, to: first, allotment: 0 });
      if (i !== 2)
        inventory.push({ roomType: r.id, from: addDays(first, 1), to: addDays(first, 2), allotment: 0 });
    });
  }
  if (spec.closedSeason) {
    const from = addDays(today, spec.closedSeason.fromDay);
    const to = addDays(from, spec.closedSeason.days - 1);
    for (const r of roomTypes) inventory.push({ roomType: r.id, from, to, allotment: 0, closed: true });
  }

  // Restrictions: a short minimum-stay period soon, the peak seasons, and Sunday arrivals closed on board rates.
  const directRates = ratePlans.filter((r) => !r.tradeOnly);
  const boardRates = ratePlans.filter((r) => r.mealPlan === "half_board" || r.mealPlan === "full_board");
  const restrictions: NonNullable<PropertyFile["restrictions"]> = [];
  for (const r of directRates)
    restrictions.push({ ratePlan: r.id, from: addDays(today, 10), to: addDays(today, 16), minStay: 2 });
  for (const peak of spec.peaks) {
    for (const window of yearlyWindows(today, last, peak.start, peak.end)) {
      for (const r of directRates)
        restrictions.push({ ratePlan: r.id, ...window, minStay: Math.max(peak.minStay, r.minStay ?? 1) });
      for (const r of boardRates)
        restrictions.push({
          ratePlan: r.id,
          ...window,
          minStay: Math.max(peak.minStay, r.minStay ?? 1),
          closedToArrival: true,
          weekdays: [0],
        });
    }
  }
  const nrSaver = rateId.get("NR-SAVER")!;
  restrictions.push({
    ratePlan: nrSaver,
    from: addDays(today, 40),
    to: addDays(today, 46),
    closedToDeparture: true,
    maxStay: 7,
  });

  // Promo codes: a visible summer code, a hidden VIP code, an early-booking code for some rates.
  const summerYear = today.slice(5) <= "09-30" ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) + 1;
  const promoCodes: NonNullable<PropertyFile["promoCodes"]> = [
    {
      id: id(1),
      code: "SUMMER10",
      name: t("Summer: 10% off", "Estate: 10% di sconto", "Sommer: 10% Rabatt", "Été : 10 % de réduction"),
      discountPercent: 10,
      stayFrom: `${summerYear}-06-01`,
      stayTo: `${summerYear}-09-30`,
    },
    {
      id: id(2),
      code: "VIP20",
      hidden: true,
      name: t("VIP guests: 20% off", "Ospiti VIP: 20% di sconto", "VIP-Gäste: 20% Rabatt"),
      discountPercent: 20,
    },
    {
      id: id(3),
      code: "EARLY15",
      name: t("Book early: 15% off", "Prenota prima: 15% di sconto", "Frühbucher: 15% Rabatt"),
      discountPercent: 15,
      bookFrom: today,
      bookTo: addDays(today, 60),
      stayFrom: addDays(today, 90),
      minNights: 3,
      ratePlanIds: [rateId.get("BB-FLEX")!, rateId.get("HB-FLEX")!],
    },
  ];

  // Packages: a romantic special offer, and a fly-and-stay package with flights on Saturdays.
  const flyFrom = addDays(today, 30);
  const saturdays: string[] = [];
  for (let d = 0; saturdays.length < 8; d++) {
    const day = addDays(flyFrom, d);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 6) saturdays.push(day);
  }
  const packages: NonNullable<PropertyFile["packages"]> = [
    {
      id: id(1),
      code: "ROMANTIC",
      kind: "offer",
      name: t("Romantic getaway", "Fuga romantica", "Romantische Auszeit", "Escapade romantique"),
      description: t(
        "Two to four nights for two, with prosecco and a massage.",
        "Da due a quattro notti per due, con prosecco e massaggio.",
        "Zwei bis vier Nächte zu zweit, mit Prosecco und Massage.",
      ),
      // A drawn picture (demo-images.ts), so the offer shows one without shipping photos.
      image: "/demo/rooms/package-romantic.svg",
      ratePlanIds: [rateId.get("ROMANCE")!],
      includedServiceIds: [serviceId.get("PROSECCO")!, serviceId.get("MASSAGE")!],
      validFrom: today,
      validTo: addDays(today, 180),
      minNights: 2,
      maxNights: 4,
      minAdults: 2,
      maxAdults: 2,
      channelIds: [DEMO_DIRECT_CHANNEL_ID],
    },
    {
      id: id(2),
      code: "FLY-STAY",
      kind: "package",
      name: t("Fly & stay", "Volo e soggiorno", "Flug & Aufenthalt", "Vol et séjour"),
      description: t(
        `A week with flights to ${spec.airport.name} and the airport transfer.`,
        `Una settimana con volo per ${spec.airport.name} e transfer.`,
        `Eine Woche mit Flug nach ${spec.airport.name} und Transfer.`,
      ),
      image: "/demo/rooms/package-fly-stay.svg",
      ratePlanIds: [rateId.get("BB-FLEX")!],
      includedServiceIds: [serviceId.get("AIRPORT")!],
      validFrom: flyFrom,
      validTo: addDays(flyFrom, 240),
      minNights: 7,
      maxNights: 14,
      airports: [
        {
          code: "LGW",
          name: "London Gatwick",
          flights: saturdays.map((date) => ({ code: "EZY8421", date, time: "09:40" })),
        },
        {
          code: "AMS",
          name: "Amsterdam Schiphol",
          flights: saturdays.map((date) => ({ code: "KL1613", date, time: "11:15" })),
        },
        {
          code: "MUC",
          name: "Munich",
          flights: saturdays
            .filter((_, i) => i % 2 === 0)
            .map((date) => ({ code: "LH9462", date, time: "07:55" })),
        },
      ],
    },
  ];

  const linkArrival = addDays(today, 21);
  const reservationLinks: NonNullable<PropertyFile["reservationLinks"]> = [
    {
      id: id(1),
      channel: DEMO_DIRECT_CHANNEL_ID,
      title: t(
        "Your stay with the Rossi family",
        "Il vostro soggiorno per la famiglia Rossi",
        "Ihr Aufenthalt für Familie Rossi",
      ),
      message: t(
        "As agreed on the phone: two rooms, breakfast or half board.",
        "Come concordato al telefono: due camere, colazione o mezza pensione.",
        "Wie telefonisch vereinbart: zwei Zimmer, Frühstück oder Halbpension.",
      ),
      arrival: linkArrival,
      departure: addDays(linkArrival, 4),
      rooms: [
        { adults: 2, ages: [] },
        { adults: 2, ages: [4, 9] },
      ],
      ratePlanIds: [rateId.get("BB-FLEX")!, rateId.get("HB-FLEX")!],
      expiresAt: `${addDays(today, 14)}T21:59:00Z`,
    },
  ];

  const customPrivacy: NonNullable<PropertyFile["customPrivacy"]> = [
    {
      id: id(1),
      title: t("House rules", "Regolamento della struttura", "Hausordnung", "Règlement intérieur"),
      text: t(
        "I have read and accept the house rules.",
        "Ho letto e accetto il regolamento della struttura.",
        "Ich habe die Hausordnung gelesen und akzeptiere sie.",
      ),
      mandatory: true,
    },
    {
      id: id(2),
      title: t("Newsletter", "Newsletter", "Newsletter", "Lettre d'information"),
      text: t(
        "Send me offers from the hotel by e-mail.",
        "Inviatemi offerte dell'hotel via e-mail.",
        "Senden Sie mir Angebote des Hotels per E-Mail.",
      ),
    },
  ];
  if (h === 1)
    customPrivacy.push({
      id: id(3),
      channel: DEMO_DIRECT_CHANNEL_ID,
      title: t("Photos and videos", "Foto e video", "Fotos und Videos"),
      text: t(
        "The hotel may use photos taken during events in which I appear.",
        "L'hotel può usare foto scattate durante gli eventi in cui compaio.",
        "Das Hotel darf Fotos von Veranstaltungen verwenden, auf denen ich zu sehen bin.",
      ),
    });

  return {
    format: PROPERTY_FILE_FORMAT,
    group: DEMO_GROUP,
    channels: CHANNELS,
    hosts: HOSTS,
    destinations: DESTINATIONS,
    exchangeRates: EXCHANGE_RATES,
    hotel: {
      ...spec.hotel,
      // Where guests send a bank transfer, and within how many days (shown on the voucher).
      settings: {
        ...spec.hotel.settings,
        // Every redirect method of the sandbox gateway, so a guest can try each one.
        paymentMethods: ["instant_bank", "wallet", "mobile", "pay_by_link"],
        bankTransfer: {
          owner: spec.hotel.name,
          iban: `IT60X0542811101000000${String(123456 + spec.hotel.id).padStart(6, "0")}`,
          dueDays: 5,
        },
      },
      channelIds: [DEMO_DIRECT_CHANNEL_ID, DEMO_TRADE_CHANNEL_ID],
      destinationIds: [spec.destination],
    },
    ageGroups,
    roomTypes,
    ratePlans,
    prices,
    childPrices,
    inventory,
    restrictions,
    promoCodes,
    serviceCategories: categories.map(({ key: _key, ...c }) => c),
    services: services.map((s) => s.service),
    packages,
    reservationLinks,
    customPrivacy,
    tradeCustomers: TRADE_CUSTOMERS,
  };
}

/**
 * The demo group's property files for 400 days from `today` (hotel-local, `YYYY-MM-DD`; `YYYYMMDD` is accepted
 * too). Hotel ids 1 to 4; hotel 4 is in Switzerland and priced in CHF.
 */
export function buildDemoFiles(today: string): PropertyFile[] {
  const day = normalizeDay(today);
  return HOTELS.map((spec) => buildHotelFile(spec, day));
}
