// The demo group as property files, generated from a date: four hotels on Lake Garda and in the Swiss Alps with
// 400 days of prices and inventory. Deterministic: the same `today` always gives the same files (a seeded PRNG,
// no clock, no Math.random), so a demo start, a test and a screenshot agree.
import type { RoomAmenity } from "@alloggio/domain/contract/property/amenities";
import { PROPERTY_FILE_FORMAT, type PropertyFile } from "@alloggio/domain/contract/property/property-file";

/**
 * Whether the demo's published secrets are loaded with it: its users' passwords and hotel 1's API key. Off for a
 * production start that asks for the demo data: its users then choose their password through a set-up link.
 */
export type DemoSecrets = { publishedSecrets: boolean };

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

/** The demo's airports in each language; a name not listed reads as it is in every language. */
const PLACE_NAMES: Record<string, Text> = {
  "Verona Villafranca": t(
    "Verona Villafranca",
    "Verona Villafranca",
    "Verona-Villafranca",
    "Vérone-Villafranca",
    "Verona-Villafranca",
    "Verona-Villafranca",
    "维罗纳维拉弗兰卡",
    "ヴェローナ・ヴィッラフランカ",
  ),
  Geneva: t("Geneva", "Ginevra", "Genf", "Genève", "Ginebra", "Genebra", "日内瓦", "ジュネーブ"),
};

/** A text whose every language names a place in that language: `build(place)` answers the texts in LANGS order. */
function tPlace(place: string, build: (place: (lang: string) => string) => string[]): Text {
  return t(...build((lang) => PLACE_NAMES[place]?.[lang] ?? place));
}

// ---- the group: channels, hosts, destinations, exchange rates, trade customers ----

const CHANNELS: PropertyFile["channels"] = [
  {
    id: DEMO_DIRECT_CHANNEL_ID,
    name: "Alloggio Demo Hotels – direct",
    kind: "direct",
    tradeAssociated: DEMO_TRADE_CHANNEL_ID,
    colors: { primary: "#0b5394", secondary: "#f1c232", style: "light" },
    // The README's "Tracking and consent": GTM from the channel's own domain with e-commerce events, a Google
    // tag per language, the Meta pixel and zSuite's conversion POST — each only with the guest's consent, never on
    // the checkout card step or 3-D Secure. The hosts are fakes: nothing leaves a developer's machine for real.
    tracking: {
      hasAnalytics: true,
      analytics: {
        "1": "G-DEMO0EN01",
        "2": "G-DEMO0IT02",
        "3": "G-DEMO0DE03",
        "4": "G-DEMO0FR04",
        "5": "G-DEMO0ES05",
        "6": "G-DEMO0ZH06",
        "7": "G-DEMO0RU07",
        "8": "G-DEMO0PT08",
        "9": "G-DEMO0JA09",
      },
      hasGtm: true,
      gtmTag: "GTM-DEMO123",
      gtmDomain: "demo.alloggio.test",
      gtmEventSend: true,
      hasAdwords: false,
      facebookPixel: "100000000000001",
      haszSuite: true,
      zSuiteUrl: "https://conversion.zsuite.test",
      zSuiteCustomerId: "demo-hotels",
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
    t(
      "Outdoor pool with lake view",
      "Piscina esterna vista lago",
      "Außenpool mit Seeblick",
      "Piscine extérieure avec vue sur le lac",
      "Piscina exterior con vistas al lago",
      "Piscina exterior com vista para o lago",
      "湖景室外泳池",
      "湖を望む屋外プール",
    ),
    t(
      "Sauna and Turkish bath",
      "Sauna e bagno turco",
      "Sauna und Dampfbad",
      "Sauna et hammam",
      "Sauna y baño turco",
      "Sauna e banho turco",
      "桑拿和土耳其浴",
      "サウナとトルコ式スチームバス",
    ),
  ],
  activities: [
    t(
      "Windsurf and sailing school",
      "Scuola di windsurf e vela",
      "Windsurf- und Segelschule",
      "École de planche à voile et de voile",
      "Escuela de windsurf y vela",
      "Escola de windsurf e vela",
      "帆板和帆船学校",
      "ウィンドサーフィン＆セーリングスクール",
    ),
    t(
      "Guided bike tours",
      "Tour guidati in bici",
      "Geführte Radtouren",
      "Balades à vélo guidées",
      "Rutas guiadas en bicicleta",
      "Passeios de bicicleta guiados",
      "导览骑行游",
      "ガイド付きサイクリングツアー",
    ),
  ],
  business: [
    t(
      "Meeting room for 20",
      "Sala riunioni da 20 posti",
      "Tagungsraum für 20 Personen",
      "Salle de réunion pour 20 personnes",
      "Sala de reuniones para 20 personas",
      "Sala de reuniões para 20 pessoas",
      "可容纳20人的会议室",
      "20名収容の会議室",
    ),
  ],
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
      "Solo alojamiento – flexible",
      "Só alojamento – flexível",
      "仅住宿 – 灵活",
      "素泊まり – フレキシブル",
    ),
    description: t(
      "Free cancellation up to 3 days before arrival. Pay at the hotel.",
      "Cancellazione gratuita fino a 3 giorni prima dell'arrivo. Pagamento in hotel.",
      "Kostenlose Stornierung bis 3 Tage vor Anreise. Zahlung im Hotel.",
      "Annulation gratuite jusqu'à 3 jours avant l'arrivée. Paiement à l'hôtel.",
      "Cancelación gratuita hasta 3 días antes de la llegada. Pago en el hotel.",
      "Cancelamento gratuito até 3 dias antes da chegada. Pagamento no hotel.",
      "抵达前3天可免费取消。到店付款。",
      "到着日の3日前まで無料でキャンセルできます。お支払いはホテルにて。",
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
      "Alojamiento y desayuno – ahorro semanal",
      "Alojamento e pequeno-almoço – poupança semanal",
      "含早餐 – 周住优惠",
      "朝食付き – ウィークリー割引",
    ),
    description: t(
      "Up to 25% off for stays of at least 7 nights. Free cancellation until the day before arrival; card guarantee.",
      "Fino al 25% di sconto per soggiorni di almeno 7 notti. Cancellazione gratuita fino al giorno prima dell'arrivo; garanzia con carta.",
      "Bis zu 25% Rabatt ab 7 Nächten. Kostenlose Stornierung bis zum Vortag; Kreditkartengarantie.",
      "Jusqu'à 25 % de réduction pour les séjours d'au moins 7 nuits. Annulation gratuite jusqu'à la veille de l'arrivée ; garantie par carte.",
      "Hasta un 25 % de descuento en estancias de al menos 7 noches. Cancelación gratuita hasta el día antes de la llegada; garantía con tarjeta.",
      "Até 25% de desconto em estadias de pelo menos 7 noites. Cancelamento gratuito até à véspera da chegada; garantia com cartão.",
      "入住7晚及以上最高优惠25%。抵达前一天可免费取消；需信用卡担保。",
      "7泊以上のご滞在で最大25%割引。到着前日まで無料キャンセル可。カードによる保証が必要です。",
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
    name: t(
      "Half board",
      "Mezza pensione",
      "Halbpension",
      "Demi-pension",
      "Media pensión",
      "Meia pensão",
      "半膳",
      "2食付き",
    ),
    description: t(
      "Breakfast and dinner. Free cancellation until the arrival day; the card is pre-authorised.",
      "Colazione e cena. Cancellazione gratuita fino al giorno di arrivo; pre-autorizzazione della carta.",
      "Frühstück und Abendessen. Kostenlose Stornierung bis zum Anreisetag; Vorautorisierung der Karte.",
      "Petit-déjeuner et dîner. Annulation gratuite jusqu'au jour de l'arrivée ; la carte est pré-autorisée.",
      "Desayuno y cena. Cancelación gratuita hasta el día de llegada; se preautoriza la tarjeta.",
      "Pequeno-almoço e jantar. Cancelamento gratuito até ao dia da chegada; o cartão é pré-autorizado.",
      "含早餐和晚餐。抵达当天前可免费取消；信用卡将被预授权。",
      "朝食・夕食付き。到着日まで無料キャンセル可。カードの事前承認を行います。",
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
      "Pensión completa – transferencia",
      "Pensão completa – transferência bancária",
      "全膳 – 银行转账",
      "3食付き – 銀行振込",
    ),
    description: t(
      "30% by bank transfer within 3 days of booking, the rest 14 days before arrival. Free cancellation up to 7 days before arrival.",
      "30% con bonifico entro 3 giorni dalla prenotazione, il saldo 14 giorni prima dell'arrivo. Cancellazione gratuita fino a 7 giorni prima.",
      "30% per Überweisung innerhalb von 3 Tagen, der Rest 14 Tage vor Anreise. Kostenlose Stornierung bis 7 Tage vorher.",
      "30 % par virement dans les 3 jours suivant la réservation, le solde 14 jours avant l'arrivée. Annulation gratuite jusqu'à 7 jours avant l'arrivée.",
      "El 30 % por transferencia en los 3 días siguientes a la reserva y el resto 14 días antes de la llegada. Cancelación gratuita hasta 7 días antes de la llegada.",
      "30% por transferência bancária nos 3 dias após a reserva, o restante 14 dias antes da chegada. Cancelamento gratuito até 7 dias antes da chegada.",
      "预订后3天内银行转账支付30%，余款于抵达前14天支付。抵达前7天可免费取消。",
      "予約から3日以内に30%を銀行振込、残額は到着の14日前までにお支払いください。到着日の7日前まで無料キャンセル可。",
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
      "Non-refundable – no changes",
      "Non rimborsabile – senza modifiche",
      "Nicht erstattbar – ohne Änderungen",
      "Non remboursable – sans modification",
      "No reembolsable – sin cambios",
      "Não reembolsável – sem alterações",
      "不可退款 – 不可更改",
      "返金不可 – 変更不可",
    ),
    description: t(
      "Paid in full at booking. Cannot be changed or cancelled.",
      "Pagamento completo alla prenotazione. Non modificabile né cancellabile.",
      "Vollständige Zahlung bei Buchung. Nicht änderbar oder stornierbar.",
      "Payé en totalité à la réservation. Ni modifiable ni annulable.",
      "Pago íntegro al reservar. No se puede modificar ni cancelar.",
      "Pago na totalidade na reserva. Não pode ser alterado nem cancelado.",
      "预订时全额支付。不可更改或取消。",
      "予約時に全額お支払い。変更・キャンセルはできません。",
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
      "Reserva anticipada – no reembolsable",
      "Reserva antecipada – não reembolsável",
      "提前预订特惠 – 不可退款",
      "早期予約割引 – 返金不可",
    ),
    description: t(
      "Our lowest price, prepaid. Add refund protection to get your money back if you cannot travel.",
      "Il nostro prezzo più basso, prepagato. Aggiungi la protezione rimborso per riavere il denaro se non puoi partire.",
      "Unser günstigster Preis, vorausbezahlt. Mit Rückerstattungsschutz erhalten Sie Ihr Geld zurück.",
      "Notre prix le plus bas, prépayé. Ajoutez la protection remboursement pour récupérer votre argent si vous ne pouvez pas voyager.",
      "Nuestro precio más bajo, con pago por adelantado. Añade la protección de reembolso para recuperar tu dinero si no puedes viajar.",
      "O nosso preço mais baixo, pré-pago. Adicione a proteção de reembolso para reaver o seu dinheiro se não puder viajar.",
      "我们的最低价，需预付。加购退款保障，若无法出行可获退款。",
      "最安値・事前払い。返金保証を追加すれば、旅行できなくなった場合も返金されます。",
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
      "Escapada romántica para dos",
      "Escapadinha romântica a dois",
      "双人浪漫之旅",
      "ふたりのロマンチックステイ",
    ),
    description: t(
      "Half board for two adults, welcome prosecco and a massage included.",
      "Mezza pensione per due adulti, prosecco di benvenuto e massaggio inclusi.",
      "Halbpension für zwei Erwachsene, Begrüßungsprosecco und Massage inklusive.",
      "Demi-pension pour deux adultes, prosecco de bienvenue et massage inclus.",
      "Media pensión para dos adultos, prosecco de bienvenida y un masaje incluidos.",
      "Meia pensão para dois adultos, prosecco de boas-vindas e uma massagem incluídos.",
      "含两位成人半膳、欢迎普罗塞克起泡酒和一次按摩。",
      "大人2名の2食付き、ウェルカムプロセッコとマッサージ付き。",
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
      "Agencias – comisionable",
      "Agências – comissionável",
      "同业 – 可佣金",
      "旅行会社向け – コミッション対象",
    ),
    description: t(
      "Public bed & breakfast price; 10% commission to the agency.",
      "Prezzo pubblico con colazione; 10% di commissione all'agenzia.",
      "Öffentlicher Preis mit Frühstück; 10% Provision für die Agentur.",
      "Prix public chambre et petit-déjeuner ; 10 % de commission pour l'agence.",
      "Precio público de alojamiento y desayuno; 10 % de comisión para la agencia.",
      "Preço público de alojamento e pequeno-almoço; 10% de comissão para a agência.",
      "含早餐公开价；旅行社佣金10%。",
      "朝食付き一般料金。旅行会社へのコミッション10%。",
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
    name: t(
      "Trade – net rate",
      "Agenzie – tariffa netta",
      "Reisebüro – Nettorate",
      "Agences – tarif net",
      "Agencias – tarifa neta",
      "Agências – tarifa líquida",
      "同业 – 净价",
      "旅行会社向け – ネット料金",
    ),
    description: t(
      "Net price for resale, prepaid by bank transfer 30 days before arrival. Held as an option for 48 hours until the hotel confirms it.",
      "Prezzo netto per la rivendita, bonifico 30 giorni prima dell'arrivo. Tenuta in opzione per 48 ore finché l'hotel non la conferma.",
      "Nettopreis zum Wiederverkauf, Überweisung 30 Tage vor Anreise. 48 Stunden als Option gehalten, bis das Hotel sie bestätigt.",
      "Prix net pour la revente, prépayé par virement 30 jours avant l'arrivée. Retenue en option 48 heures jusqu'à la confirmation de l'hôtel.",
      "Precio neto para reventa, pago por transferencia 30 días antes de la llegada. Se mantiene como opción 48 horas hasta que el hotel la confirme.",
      "Preço líquido para revenda, pré-pago por transferência bancária 30 dias antes da chegada. Mantida em opção durante 48 horas até o hotel a confirmar.",
      "转售净价，需于抵达前30天银行转账预付。作为预留保留48小时，直至酒店确认。",
      "転売用ネット価格。到着の30日前までに銀行振込で前払い。ホテルが確定するまで48時間仮予約として保持されます。",
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
      // A trade booking paid by transfer is an option until the hotel confirms it (ADR 0021).
      optionHours: 48,
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
        t(
          "Single room",
          "Camera singola",
          "Einzelzimmer",
          "Chambre simple",
          "Habitación individual",
          "Quarto individual",
          "单人间",
          "シングルルーム",
        ),
        t(
          "A quiet single room facing the garden.",
          "Una tranquilla camera singola sul giardino.",
          "Ein ruhiges Einzelzimmer zum Garten.",
          "Une chambre simple calme donnant sur le jardin.",
          "Una tranquila habitación individual con vistas al jardín.",
          "Um quarto individual sossegado virado para o jardim.",
          "朝向花园的安静单人间。",
          "庭に面した静かなシングルルーム。",
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
          "Habitación doble clásica",
          "Quarto duplo clássico",
          "经典双人间",
          "クラシックダブルルーム",
        ),
        t(
          "Double or twin beds, with a balcony.",
          "Letto matrimoniale o due letti, con balcone.",
          "Doppel- oder Einzelbetten, mit Balkon.",
          "Lit double ou lits jumeaux, avec balcon.",
          "Cama de matrimonio o dos camas, con balcón.",
          "Cama de casal ou duas camas, com varanda.",
          "一张双人床或两张单人床，带阳台。",
          "ダブルベッドまたはツインベッド、バルコニー付き。",
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
          "Doble superior con vistas al lago",
          "Duplo superior com vista para o lago",
          "湖景高级双人间",
          "スーペリアダブル（レイクビュー）",
        ),
        t(
          "Large double room with a balcony over the lake.",
          "Ampia camera doppia con balcone sul lago.",
          "Großes Doppelzimmer mit Balkon zum See.",
          "Grande chambre double avec balcon sur le lac.",
          "Amplia habitación doble con balcón sobre el lago.",
          "Quarto duplo amplo com varanda sobre o lago.",
          "宽敞双人间，带俯瞰湖景的阳台。",
          "湖を望むバルコニー付きの広いダブルルーム。",
        ),
        ["lake_view", "balcony", "minibar", "air_conditioning", "coffee_machine", "bathrobe", "slippers"],
        { occupancy: 2, adults: 2, children: 0, base: 140, allotment: 8 },
      ),
      room(
        "JSUITE",
        t(
          "Junior suite",
          "Junior suite",
          "Junior Suite",
          "Suite junior",
          "Junior suite",
          "Suite júnior",
          "小套房",
          "ジュニアスイート",
        ),
        t(
          "Bedroom and lounge area with a sofa bed and a terrace.",
          "Camera e zona giorno con divano letto e terrazza.",
          "Schlafzimmer und Wohnbereich mit Schlafsofa und Terrasse.",
          "Chambre et coin salon avec canapé-lit et terrasse.",
          "Dormitorio y zona de estar con sofá cama y terraza.",
          "Quarto e zona de estar com sofá-cama e terraço.",
          "卧室和起居区，配沙发床和露台。",
          "寝室とソファベッド付きのリビングスペース、テラス付き。",
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
        t(
          "Family room",
          "Camera family",
          "Familienzimmer",
          "Chambre familiale",
          "Habitación familiar",
          "Quarto familiar",
          "家庭房",
          "ファミリールーム",
        ),
        t(
          "Two connecting rooms for up to five guests.",
          "Due camere comunicanti per un massimo di cinque ospiti.",
          "Zwei verbundene Zimmer für bis zu fünf Gäste.",
          "Deux chambres communicantes pour cinq personnes au maximum.",
          "Dos habitaciones comunicadas para hasta cinco personas.",
          "Dois quartos comunicantes para até cinco pessoas.",
          "两间相通的客房，最多可住五人。",
          "最大5名様までご利用いただけるコネクティングルーム2室。",
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
          "Suite con terraza panorámica",
          "Suite com terraço panorâmico",
          "全景露台套房",
          "パノラマテラス付きスイート",
        ),
        t(
          "Top-floor suite with jacuzzi on a private terrace.",
          "Suite all'ultimo piano con jacuzzi sulla terrazza privata.",
          "Suite im obersten Stock mit Whirlpool auf der Privatterrasse.",
          "Suite au dernier étage avec jacuzzi sur une terrasse privée.",
          "Suite en la última planta con jacuzzi en una terraza privada.",
          "Suite no último piso com jacuzzi num terraço privado.",
          "顶层套房，私人露台设有按摩浴缸。",
          "最上階のスイート、専用テラスにジャグジー付き。",
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
        "Une villa au milieu des oliviers au-dessus de Malcesine, avec appartements et chambres, fermée quelques semaines chaque hiver.",
        "Una villa entre olivares sobre Malcesine, con apartamentos y habitaciones, cerrada unas semanas cada invierno.",
        "Uma villa entre olivais acima de Malcesine, com apartamentos e quartos, fechada algumas semanas todos os invernos.",
        "位于马尔切西内上方橄榄林中的别墅，提供公寓和客房，每年冬季关闭数周。",
        "マルチェージネを見下ろすオリーブ畑の中のヴィラ。アパートメントと客室があり、毎年冬に数週間休業します。",
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
        t(
          "Olive-oil spa treatments",
          "Trattamenti spa all'olio d'oliva",
          "Spa-Anwendungen mit Olivenöl",
          "Soins spa à l'huile d'olive",
          "Tratamientos de spa con aceite de oliva",
          "Tratamentos de spa com azeite",
          "橄榄油水疗护理",
          "オリーブオイルのスパトリートメント",
        ),
      ],
      activities: [
        t(
          "Hiking on Monte Baldo",
          "Escursioni sul Monte Baldo",
          "Wandern am Monte Baldo",
          "Randonnées sur le Monte Baldo",
          "Senderismo en el Monte Baldo",
          "Caminhadas no Monte Baldo",
          "巴尔多山徒步",
          "モンテ・バルドでのハイキング",
        ),
        t(
          "Olive oil tasting",
          "Degustazione di olio d'oliva",
          "Olivenöl-Verkostung",
          "Dégustation d'huile d'olive",
          "Cata de aceite de oliva",
          "Prova de azeite",
          "橄榄油品鉴",
          "オリーブオイルのテイスティング",
        ),
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
        t(
          "Double room, garden view",
          "Doppia vista giardino",
          "Doppelzimmer mit Gartenblick",
          "Chambre double vue jardin",
          "Habitación doble con vistas al jardín",
          "Quarto duplo com vista para o jardim",
          "花园景双人间",
          "ダブルルーム（ガーデンビュー）",
        ),
        t(
          "Ground-floor double opening on the olive garden.",
          "Doppia al piano terra sul giardino degli ulivi.",
          "Doppelzimmer im Erdgeschoss zum Olivengarten.",
          "Chambre double au rez-de-chaussée ouvrant sur l'oliveraie.",
          "Habitación doble en planta baja que da al olivar.",
          "Quarto duplo no rés-do-chão com saída para o olival.",
          "一楼双人间，直通橄榄园。",
          "オリーブ園に面した1階のダブルルーム。",
        ),
        ["garden_view", "terrace", "pets_allowed"],
        { occupancy: 2, adults: 2, children: 0, base: 95, allotment: 6 },
      ),
      room(
        "DBL-LAKE",
        t(
          "Double room, lake view",
          "Doppia vista lago",
          "Doppelzimmer mit Seeblick",
          "Chambre double vue lac",
          "Habitación doble con vistas al lago",
          "Quarto duplo com vista para o lago",
          "湖景双人间",
          "ダブルルーム（レイクビュー）",
        ),
        t(
          "First-floor double with a balcony and a lake view.",
          "Doppia al primo piano con balcone vista lago.",
          "Doppelzimmer im ersten Stock mit Balkon und Seeblick.",
          "Chambre double au premier étage avec balcon et vue sur le lac.",
          "Habitación doble en la primera planta con balcón y vistas al lago.",
          "Quarto duplo no primeiro andar com varanda e vista para o lago.",
          "二楼双人间，带阳台，可观湖景。",
          "バルコニー付き、湖が見える2階のダブルルーム。",
        ),
        ["lake_view", "balcony", "air_conditioning"],
        { occupancy: 2, adults: 2, children: 0, base: 120, allotment: 6 },
      ),
      room(
        "TRIPLE",
        t(
          "Triple room",
          "Camera tripla",
          "Dreibettzimmer",
          "Chambre triple",
          "Habitación triple",
          "Quarto triplo",
          "三人间",
          "トリプルルーム",
        ),
        t(
          "Three single beds or a double and a single.",
          "Tre letti singoli o un matrimoniale e un singolo.",
          "Drei Einzelbetten oder ein Doppel- und ein Einzelbett.",
          "Trois lits simples ou un lit double et un lit simple.",
          "Tres camas individuales o una de matrimonio y una individual.",
          "Três camas individuais ou uma de casal e uma individual.",
          "三张单人床，或一张双人床加一张单人床。",
          "シングルベッド3台、またはダブルベッド1台とシングルベッド1台。",
        ),
        ["balcony", "air_conditioning", "crib"],
        { occupancy: 3, adults: 3, children: 1, base: 135, allotment: 4 },
      ),
      room(
        "APT-4",
        t(
          "Apartment for four",
          "Appartamento per quattro",
          "Apartment für vier",
          "Appartement pour quatre",
          "Apartamento para cuatro",
          "Apartamento para quatro",
          "四人公寓",
          "4名用アパートメント",
        ),
        t(
          "Two rooms with a kitchenette and a private garden.",
          "Due locali con angolo cottura e giardino privato.",
          "Zwei Zimmer mit Küchenzeile und eigenem Garten.",
          "Deux pièces avec kitchenette et jardin privé.",
          "Dos estancias con cocina americana y jardín privado.",
          "Duas divisões com kitchenette e jardim privado.",
          "两室，带小厨房和私人花园。",
          "簡易キッチンと専用庭付きの2部屋。",
        ),
        ["kitchenette", "garden_view", "pets_allowed", "parking", "iron", "kettle", "sofa_bed"],
        { occupancy: 4, adults: 4, children: 2, base: 160, allotment: 4 },
      ),
      room(
        "FAM",
        t(
          "Family suite",
          "Suite family",
          "Familiensuite",
          "Suite familiale",
          "Suite familiar",
          "Suite familiar",
          "家庭套房",
          "ファミリースイート",
        ),
        t(
          "A suite with two bedrooms and a lake-view terrace.",
          "Suite con due camere e terrazza vista lago.",
          "Suite mit zwei Schlafzimmern und Seeterrasse.",
          "Une suite avec deux chambres et une terrasse vue lac.",
          "Una suite con dos dormitorios y una terraza con vistas al lago.",
          "Uma suite com dois quartos e um terraço com vista para o lago.",
          "带两间卧室和湖景露台的套房。",
          "寝室2室と湖を望むテラス付きのスイート。",
        ),
        ["terrace", "lake_view", "crib", "sofa_bed", "air_conditioning", "accessible"],
        { occupancy: 5, adults: 4, children: 3, base: 185, allotment: 3 },
      ),
    ],
    // A rate the hotel confirms by hand: the booking is an option for 24 hours (ADR 0021), confirmed in the back office.
    extraRates: [
      rateSpec({
        code: "REQUEST",
        name: t(
          "On request – confirmed by the hotel",
          "Su richiesta – confermata dall'hotel",
          "Auf Anfrage – vom Hotel bestätigt",
          "Sur demande – confirmée par l'hôtel",
          "Bajo petición – confirmada por el hotel",
          "Sob pedido – confirmada pelo hotel",
          "需申请 – 由酒店确认",
          "リクエスト – ホテルが確定",
        ),
        description: t(
          "Breakfast included, paid at the hotel. The hotel holds the booking as an option for 24 hours and confirms it.",
          "Colazione inclusa, pagamento in hotel. L'hotel tiene la prenotazione in opzione per 24 ore e la conferma.",
          "Frühstück inklusive, Zahlung im Hotel. Das Hotel hält die Buchung 24 Stunden als Option und bestätigt sie.",
          "Petit-déjeuner inclus, paiement à l'hôtel. L'hôtel garde la réservation en option 24 heures et la confirme.",
          "Desayuno incluido, pago en el hotel. El hotel mantiene la reserva como opción 24 horas y la confirma.",
          "Pequeno-almoço incluído, pagamento no hotel. O hotel mantém a reserva em opção durante 24 horas e confirma-a.",
          "含早餐，到店付款。酒店将预订作为预留保留24小时并予以确认。",
          "朝食付き、ホテルでお支払い。ホテルが予約を24時間仮予約として保持し、確定します。",
        ),
        factor: 1.2,
        children: false,
        plan: {
          mtId: MEAL_IDS.breakfast,
          mealPlan: "breakfast",
          refundable: true,
          freeCancellationDays: 2,
          payment: "pay_at_hotel",
          optionHours: 24,
          channelIds: [DEMO_DIRECT_CHANNEL_ID],
        },
      }),
    ],
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
        "Un resort con todo incluido en la península de Sirmione, con playa privada y spa termal.",
        "Um resort com tudo incluído na península de Sirmione, com praia privada e spa termal.",
        "位于西尔苗内半岛的全包式度假村，拥有私人海滩和温泉水疗中心。",
        "シルミオーネ半島のオールインクルーシブリゾート。プライベートビーチと温泉スパ付き。",
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
        t(
          "Thermal spa with indoor pool",
          "Spa termale con piscina interna",
          "Thermalspa mit Hallenbad",
          "Spa thermal avec piscine intérieure",
          "Spa termal con piscina cubierta",
          "Spa termal com piscina interior",
          "带室内泳池的温泉水疗中心",
          "屋内プール付き温泉スパ",
        ),
        t(
          "Fitness room",
          "Sala fitness",
          "Fitnessraum",
          "Salle de fitness",
          "Gimnasio",
          "Ginásio",
          "健身房",
          "フィットネスルーム",
        ),
      ],
      activities: [
        t(
          "Private beach",
          "Spiaggia privata",
          "Privatstrand",
          "Plage privée",
          "Playa privada",
          "Praia privada",
          "私人海滩",
          "プライベートビーチ",
        ),
        t(
          "Boat trips",
          "Gite in barca",
          "Bootsausflüge",
          "Excursions en bateau",
          "Excursiones en barco",
          "Passeios de barco",
          "乘船游览",
          "ボートツアー",
        ),
      ],
      businessServices: [
        t(
          "Conference centre for 150",
          "Centro congressi da 150 posti",
          "Kongresszentrum für 150 Personen",
          "Centre de conférences pour 150 personnes",
          "Centro de congresos para 150 personas",
          "Centro de congressos para 150 pessoas",
          "可容纳150人的会议中心",
          "150名収容のカンファレンスセンター",
        ),
        t(
          "Business corner",
          "Business corner",
          "Business-Ecke",
          "Espace affaires",
          "Rincón de negocios",
          "Espaço de negócios",
          "商务角",
          "ビジネスコーナー",
        ),
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
        t(
          "Classic room",
          "Camera classic",
          "Classic-Zimmer",
          "Chambre classique",
          "Habitación clásica",
          "Quarto clássico",
          "经典客房",
          "クラシックルーム",
        ),
        t(
          "Comfortable double room facing the park.",
          "Confortevole camera doppia sul parco.",
          "Komfortables Doppelzimmer zum Park.",
          "Chambre double confortable donnant sur le parc.",
          "Cómoda habitación doble con vistas al parque.",
          "Confortável quarto duplo virado para o parque.",
          "朝向公园的舒适双人间。",
          "公園に面した快適なダブルルーム。",
        ),
        ["air_conditioning", "minibar", "city_view"],
        { occupancy: 2, adults: 2, children: 0, base: 130, allotment: 20 },
      ),
      room(
        "DELUXE",
        t(
          "Deluxe room, lake view",
          "Camera deluxe vista lago",
          "Deluxe-Zimmer mit Seeblick",
          "Chambre deluxe vue lac",
          "Habitación deluxe con vistas al lago",
          "Quarto deluxe com vista para o lago",
          "湖景豪华客房",
          "デラックスルーム（レイクビュー）",
        ),
        t(
          "Spacious room with a lake-view balcony.",
          "Camera spaziosa con balcone vista lago.",
          "Geräumiges Zimmer mit Seeblick-Balkon.",
          "Chambre spacieuse avec balcon vue lac.",
          "Habitación amplia con balcón con vistas al lago.",
          "Quarto espaçoso com varanda com vista para o lago.",
          "宽敞客房，带湖景阳台。",
          "湖を望むバルコニー付きの広々とした客室。",
        ),
        ["lake_view", "balcony", "air_conditioning", "minibar", "coffee_machine", "bathrobe"],
        { occupancy: 3, adults: 2, children: 1, base: 165, allotment: 14 },
      ),
      room(
        "FAMILY",
        t(
          "Family room",
          "Camera family",
          "Familienzimmer",
          "Chambre familiale",
          "Habitación familiar",
          "Quarto familiar",
          "家庭房",
          "ファミリールーム",
        ),
        t(
          "A large room with bunk beds for the children.",
          "Camera ampia con letto a castello per i bambini.",
          "Großes Zimmer mit Etagenbett für die Kinder.",
          "Une grande chambre avec lits superposés pour les enfants.",
          "Una habitación amplia con literas para los niños.",
          "Um quarto amplo com beliches para as crianças.",
          "宽敞客房，为孩子配有双层床。",
          "お子様用の二段ベッドがある広い客室。",
        ),
        ["air_conditioning", "crib", "sofa_bed", "pool"],
        { occupancy: 5, adults: 4, children: 3, base: 220, allotment: 8 },
      ),
      room(
        "SUITE",
        t(
          "Spa suite",
          "Suite spa",
          "Spa-Suite",
          "Suite spa",
          "Suite spa",
          "Suite spa",
          "水疗套房",
          "スパスイート",
        ),
        t(
          "Suite with sauna and bathtub.",
          "Suite con sauna e vasca.",
          "Suite mit Sauna und Badewanne.",
          "Suite avec sauna et baignoire.",
          "Suite con sauna y bañera.",
          "Suite com sauna e banheira.",
          "配有桑拿和浴缸的套房。",
          "サウナとバスタブ付きのスイート。",
        ),
        ["sauna", "bathtub", "lake_view", "terrace", "air_conditioning", "bathrobe", "slippers"],
        { occupancy: 4, adults: 3, children: 2, base: 280, allotment: 4 },
      ),
      room(
        "PENTHOUSE",
        t("Penthouse", "Attico", "Penthouse", "Penthouse", "Ático", "Penthouse", "顶层公寓", "ペントハウス"),
        t(
          "The whole top floor: two bedrooms, fireplace and a roof terrace.",
          "L'intero ultimo piano: due camere, camino e terrazza sul tetto.",
          "Das ganze oberste Stockwerk: zwei Schlafzimmer, Kamin und Dachterrasse.",
          "Tout le dernier étage : deux chambres, cheminée et toit-terrasse.",
          "Toda la última planta: dos dormitorios, chimenea y azotea.",
          "Todo o último piso: dois quartos, lareira e terraço na cobertura.",
          "整个顶层：两间卧室、壁炉和屋顶露台。",
          "最上階をまるごと：寝室2室、暖炉、ルーフテラス。",
        ),
        ["fireplace", "terrace", "jacuzzi", "lake_view", "air_conditioning", "kitchenette", "soundproof"],
        { occupancy: 4, adults: 4, children: 0, base: 420, allotment: 1 },
      ),
    ],
    extraRates: [
      rateSpec({
        code: "AI",
        name: t(
          "All inclusive",
          "All inclusive",
          "All inclusive",
          "Tout compris",
          "Todo incluido",
          "Tudo incluído",
          "全包",
          "オールインクルーシブ",
        ),
        description: t(
          "All meals and drinks, beach and spa included. Free cancellation up to 3 days before arrival.",
          "Pasti e bevande, spiaggia e spa inclusi. Cancellazione gratuita fino a 3 giorni prima.",
          "Alle Mahlzeiten und Getränke, Strand und Spa inklusive. Kostenlose Stornierung bis 3 Tage vor Anreise.",
          "Tous les repas et boissons, plage et spa inclus. Annulation gratuite jusqu'à 3 jours avant l'arrivée.",
          "Todas las comidas y bebidas, playa y spa incluidos. Cancelación gratuita hasta 3 días antes de la llegada.",
          "Todas as refeições e bebidas, praia e spa incluídos. Cancelamento gratuito até 3 dias antes da chegada.",
          "包含所有餐饮、海滩和水疗。抵达前3天可免费取消。",
          "全食事・ドリンク、ビーチとスパ込み。到着日の3日前まで無料キャンセル可。",
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
        "Un hotel chalé de madera con vistas al Cervino, a cinco minutos de los remontes.",
        "Um hotel-chalé de madeira com vista para o Matterhorn, a cinco minutos dos teleféricos.",
        "一座可眺望马特洪峰的木质木屋酒店，距离滑雪缆车五分钟。",
        "マッターホルンを望む木造のシャレーホテル。スキーリフトまで5分。",
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
        t(
          "Sauna with Matterhorn view",
          "Sauna con vista Cervino",
          "Sauna mit Matterhornblick",
          "Sauna avec vue sur le Cervin",
          "Sauna con vistas al Cervino",
          "Sauna com vista para o Matterhorn",
          "可观马特洪峰的桑拿",
          "マッターホルンを望むサウナ",
        ),
        t(
          "Hot tub",
          "Vasca idromassaggio",
          "Whirlpool",
          "Bain à remous",
          "Bañera de hidromasaje",
          "Banheira de hidromassagem",
          "热水浴池",
          "ジェットバス",
        ),
      ],
      activities: [
        t(
          "Ski room and boot heaters",
          "Deposito sci con scaldascarponi",
          "Skiraum mit Schuhtrockner",
          "Local à skis avec sèche-chaussures",
          "Guardaesquís con calentadores de botas",
          "Sala de esqui com aquecedores de botas",
          "滑雪器材室和雪靴烘干器",
          "スキールームとブーツウォーマー",
        ),
        t(
          "Guided glacier walks",
          "Escursioni guidate sul ghiacciaio",
          "Geführte Gletscherwanderungen",
          "Randonnées guidées sur le glacier",
          "Paseos guiados por el glaciar",
          "Caminhadas guiadas no glaciar",
          "冰川导览徒步",
          "ガイド付き氷河ウォーク",
        ),
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
        t(
          "Single room",
          "Camera singola",
          "Einzelzimmer",
          "Chambre simple",
          "Habitación individual",
          "Quarto individual",
          "单人间",
          "シングルルーム",
        ),
        t(
          "A cosy single under the roof.",
          "Un'accogliente singola sotto il tetto.",
          "Ein gemütliches Einzelzimmer unter dem Dach.",
          "Une chambre simple douillette sous les toits.",
          "Una acogedora habitación individual bajo el tejado.",
          "Um acolhedor quarto individual no sótão.",
          "屋顶下温馨的单人间。",
          "屋根裏の居心地のよいシングルルーム。",
        ),
        ["mountain_view", "desk"],
        { occupancy: 1, adults: 1, children: 0, base: 160, allotment: 3 },
      ),
      room(
        "DBL-MATT",
        t(
          "Double room, Matterhorn view",
          "Doppia vista Cervino",
          "Doppelzimmer mit Matterhornblick",
          "Chambre double vue Cervin",
          "Habitación doble con vistas al Cervino",
          "Quarto duplo com vista para o Matterhorn",
          "马特洪峰景双人间",
          "ダブルルーム（マッターホルンビュー）",
        ),
        t(
          "Pine-wood double with a balcony facing the Matterhorn.",
          "Doppia in legno di cirmolo con balcone verso il Cervino.",
          "Arvenholz-Doppelzimmer mit Balkon zum Matterhorn.",
          "Chambre double en pin cembro avec balcon face au Cervin.",
          "Habitación doble de madera de pino con balcón frente al Cervino.",
          "Quarto duplo em madeira de pinho com varanda virada para o Matterhorn.",
          "松木装饰双人间，阳台正对马特洪峰。",
          "マッターホルンに面したバルコニー付き、松材のダブルルーム。",
        ),
        ["mountain_view", "balcony", "minibar", "kettle", "bathrobe"],
        { occupancy: 2, adults: 2, children: 0, base: 260, allotment: 8 },
      ),
      room(
        "JSUITE",
        t(
          "Junior suite",
          "Junior suite",
          "Junior Suite",
          "Suite junior",
          "Junior suite",
          "Suite júnior",
          "小套房",
          "ジュニアスイート",
        ),
        t(
          "Suite with a fireplace and a sofa bed.",
          "Suite con camino e divano letto.",
          "Suite mit Kamin und Schlafsofa.",
          "Suite avec cheminée et canapé-lit.",
          "Suite con chimenea y sofá cama.",
          "Suite com lareira e sofá-cama.",
          "配有壁炉和沙发床的套房。",
          "暖炉とソファベッド付きのスイート。",
        ),
        ["fireplace", "mountain_view", "sofa_bed", "bathtub", "minibar", "coffee_machine"],
        { occupancy: 4, adults: 3, children: 2, base: 380, allotment: 3 },
      ),
      room(
        "FAM-APT",
        t(
          "Family apartment",
          "Appartamento family",
          "Familienapartment",
          "Appartement familial",
          "Apartamento familiar",
          "Apartamento familiar",
          "家庭公寓",
          "ファミリーアパートメント",
        ),
        t(
          "Two bedrooms, a kitchenette and a ski locker.",
          "Due camere, angolo cottura e deposito sci.",
          "Zwei Schlafzimmer, Küchenzeile und Skischrank.",
          "Deux chambres, une kitchenette et un casier à skis.",
          "Dos dormitorios, cocina americana y taquilla para esquís.",
          "Dois quartos, kitchenette e cacifo para esquis.",
          "两间卧室、小厨房和滑雪储物柜。",
          "寝室2室、簡易キッチン、スキーロッカー付き。",
        ),
        ["kitchenette", "mountain_view", "crib", "sofa_bed", "iron", "kettle", "parking"],
        { occupancy: 5, adults: 5, children: 3, base: 420, allotment: 3 },
      ),
      room(
        "CHALET-SUITE",
        t(
          "Chalet suite with sauna",
          "Suite chalet con sauna",
          "Chalet-Suite mit Sauna",
          "Suite chalet avec sauna",
          "Suite chalé con sauna",
          "Suite chalé com sauna",
          "带桑拿的木屋套房",
          "サウナ付きシャレースイート",
        ),
        t(
          "Private sauna, fireplace and a terrace.",
          "Sauna privata, camino e terrazza.",
          "Private Sauna, Kamin und Terrasse.",
          "Sauna privé, cheminée et terrasse.",
          "Sauna privada, chimenea y terraza.",
          "Sauna privada, lareira e terraço.",
          "私人桑拿、壁炉和露台。",
          "専用サウナ、暖炉、テラス付き。",
        ),
        ["sauna", "fireplace", "terrace", "mountain_view", "jacuzzi", "bathrobe", "slippers"],
        { occupancy: 4, adults: 4, children: 2, base: 620, allotment: 2 },
      ),
    ],
    extraRates: [
      rateSpec({
        code: "SKI",
        name: t(
          "Ski & stay",
          "Sci e soggiorno",
          "Ski & Stay",
          "Ski & séjour",
          "Esquí y estancia",
          "Esqui e estadia",
          "滑雪住宿套餐",
          "スキー＆ステイ",
        ),
        description: t(
          "Room with a ski pass for every adult; meal plan as you like.",
          "Camera con skipass per ogni adulto; trattamento a scelta.",
          "Zimmer mit Skipass für jeden Erwachsenen; Verpflegung nach Wahl.",
          "Chambre avec forfait de ski pour chaque adulte ; formule repas au choix.",
          "Habitación con forfait para cada adulto; régimen de comidas a elegir.",
          "Quarto com passe de esqui para cada adulto; regime de refeições à escolha.",
          "客房含每位成人的滑雪通票；餐食可自选。",
          "大人全員分のリフト券付き。お食事プランはお好みで。",
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
    name: t(
      "Travel insurance",
      "Assicurazione viaggio",
      "Reiseversicherung",
      "Assurance voyage",
      "Seguro de viaje",
      "Seguro de viagem",
      "旅行保险",
      "旅行保険",
    ),
    mandatory: true,
  },
  {
    key: "FOOD",
    name: t(
      "Food & drinks",
      "Cibo e bevande",
      "Essen & Getränke",
      "Restauration",
      "Comida y bebida",
      "Comida e bebidas",
      "餐饮",
      "お食事・お飲み物",
    ),
  },
  {
    key: "WELLNESS",
    name: t(
      "Wellness",
      "Benessere",
      "Wellness",
      "Bien-être",
      "Bienestar",
      "Bem-estar",
      "康体养生",
      "ウェルネス",
    ),
  },
  {
    key: "TRANSFER",
    name: t(
      "Transfers",
      "Transfer",
      "Transfers",
      "Transferts",
      "Traslados",
      "Transferes",
      "接送服务",
      "送迎",
    ),
  },
  {
    key: "EXTRAS",
    name: t("Extras", "Extra", "Extras", "Suppléments", "Extras", "Extras", "附加服务", "その他のサービス"),
  },
];

const HOURLY = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, "0")}:00`);

function serviceSpecs(transferPrice: number, airport: string): ServiceSpec[] {
  return [
    {
      key: "INS-BASIC",
      category: "INSURANCE",
      name: t(
        "Basic cover (included)",
        "Copertura base (inclusa)",
        "Basisschutz (inklusive)",
        "Couverture de base (incluse)",
        "Cobertura básica (incluida)",
        "Cobertura básica (incluída)",
        "基本保障（已包含）",
        "基本補償（込み）",
      ),
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
        "Couverture complète annulation et frais médicaux",
        "Cobertura completa de cancelación y gastos médicos",
        "Cobertura completa de cancelamento e despesas médicas",
        "全面取消及医疗保障",
        "キャンセル・医療費の総合補償",
      ),
      pricingBasis: "per_person",
      price: 12,
    },
    {
      key: "RESORT-FEE",
      category: "EXTRAS",
      name: t(
        "Resort fee",
        "Tassa resort",
        "Resortgebühr",
        "Frais de resort",
        "Tasa de resort",
        "Taxa de resort",
        "度假村费",
        "リゾート料金",
      ),
      pricingBasis: "per_person",
      perNight: true,
      price: 3,
      mandatoryFor: "all_adults",
      maxQuantity: 20,
    },
    {
      key: "KIDS-CLUB",
      category: "EXTRAS",
      name: t(
        "Kids club",
        "Mini club",
        "Kinderclub",
        "Club enfants",
        "Club infantil",
        "Clube infantil",
        "儿童俱乐部",
        "キッズクラブ",
      ),
      pricingBasis: "per_person",
      perNight: true,
      price: 8,
      mandatoryFor: "all_children",
      maxQuantity: 15,
    },
    {
      key: "DINNER",
      category: "FOOD",
      name: t(
        "Four-course dinner",
        "Cena di quattro portate",
        "Viergängiges Abendessen",
        "Dîner de quatre plats",
        "Cena de cuatro platos",
        "Jantar de quatro pratos",
        "四道菜晚餐",
        "4品のディナーコース",
      ),
      pricingBasis: "per_person",
      price: 45,
      needsDate: true,
      timeSlots: ["19:00", "19:30", "20:00", "20:30", "21:00"],
    },
    {
      key: "ROOM-BREAKFAST",
      category: "FOOD",
      name: t(
        "Breakfast in the room",
        "Colazione in camera",
        "Frühstück auf dem Zimmer",
        "Petit-déjeuner en chambre",
        "Desayuno en la habitación",
        "Pequeno-almoço no quarto",
        "客房早餐",
        "お部屋での朝食",
      ),
      pricingBasis: "per_unit",
      perNight: true,
      price: 12,
      timeSlots: ["07:30", "08:00", "08:30", "09:00", "09:30"],
    },
    {
      key: "PROSECCO",
      category: "FOOD",
      name: t(
        "Welcome prosecco",
        "Prosecco di benvenuto",
        "Begrüßungsprosecco",
        "Prosecco de bienvenue",
        "Prosecco de bienvenida",
        "Prosecco de boas-vindas",
        "欢迎普罗塞克起泡酒",
        "ウェルカムプロセッコ",
      ),
      pricingBasis: "per_stay",
      price: 0,
    },
    {
      key: "MASSAGE",
      category: "WELLNESS",
      name: t(
        "Massage, 50 minutes",
        "Massaggio, 50 minuti",
        "Massage, 50 Minuten",
        "Massage, 50 minutes",
        "Masaje, 50 minutos",
        "Massagem, 50 minutos",
        "按摩，50分钟",
        "マッサージ（50分）",
      ),
      pricingBasis: "per_person",
      price: 70,
      needsDate: true,
      timeSlots: ["10:00", "11:00", "15:00", "16:00", "17:00", "18:00"],
    },
    {
      key: "SPA",
      category: "WELLNESS",
      name: t(
        "Spa access",
        "Ingresso spa",
        "Spa-Eintritt",
        "Accès au spa",
        "Acceso al spa",
        "Acesso ao spa",
        "水疗中心通行",
        "スパ利用",
      ),
      pricingBasis: "per_person",
      perNight: true,
      price: 15,
    },
    {
      key: "AIRPORT",
      category: "TRANSFER",
      name: tPlace(airport, (at) => [
        `Private transfer from ${at("en")} airport`,
        `Transfer privato dall'aeroporto di ${at("it")}`,
        `Privattransfer vom Flughafen ${at("de")}`,
        `Transfert privé depuis l'aéroport de ${at("fr")}`,
        `Traslado privado desde el aeropuerto de ${at("es")}`,
        `Transfer privado do aeroporto de ${at("pt")}`,
        `${at("zh")}机场专车接送`,
        `${at("ja")}空港からの専用送迎`,
      ]),
      description: t(
        "Give your flight number and landing time.",
        "Indica numero di volo e orario di atterraggio.",
        "Geben Sie Flugnummer und Landezeit an.",
        "Indiquez votre numéro de vol et l'heure d'atterrissage.",
        "Indica tu número de vuelo y la hora de aterrizaje.",
        "Indique o número do voo e a hora de aterragem.",
        "请提供航班号和落地时间。",
        "便名と到着時刻をお知らせください。",
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
      name: t(
        "Train station shuttle",
        "Navetta dalla stazione",
        "Bahnhofsshuttle",
        "Navette depuis la gare",
        "Lanzadera desde la estación",
        "Shuttle da estação de comboios",
        "火车站接驳车",
        "駅からのシャトル",
      ),
      pricingBasis: "per_person",
      price: 0,
      needsDate: true,
      timeSlots: ["10:00", "14:00", "18:00"],
      isTransfer: true,
    },
    {
      key: "PARKING",
      category: "EXTRAS",
      name: t(
        "Covered parking",
        "Parcheggio coperto",
        "Überdachter Parkplatz",
        "Parking couvert",
        "Aparcamiento cubierto",
        "Estacionamento coberto",
        "室内停车位",
        "屋根付き駐車場",
      ),
      pricingBasis: "per_unit",
      perNight: true,
      price: 15,
      maxQuantity: 3,
    },
    {
      key: "LATE-CHECKOUT",
      category: "EXTRAS",
      name: t(
        "Late check-out",
        "Check-out posticipato",
        "Später Check-out",
        "Départ tardif",
        "Salida tardía",
        "Check-out tardio",
        "延迟退房",
        "レイトチェックアウト",
      ),
      pricingBasis: "per_stay",
      price: 30,
      timeSlots: ["12:00", "14:00"],
    },
    {
      key: "CRIB",
      category: "EXTRAS",
      name: t("Baby cot", "Culla", "Babybett", "Lit bébé", "Cuna", "Berço", "婴儿床", "ベビーベッド"),
      pricingBasis: "per_unit",
      price: 0,
      maxQuantity: 2,
    },
    {
      key: "BIKE",
      category: "EXTRAS",
      name: t(
        "E-bike rental",
        "Noleggio e-bike",
        "E-Bike-Verleih",
        "Location de vélo électrique",
        "Alquiler de bicicleta eléctrica",
        "Aluguer de bicicleta elétrica",
        "电动自行车租赁",
        "電動自転車レンタル",
      ),
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
      name: t(
        "Summer: 10% off",
        "Estate: 10% di sconto",
        "Sommer: 10% Rabatt",
        "Été : 10 % de réduction",
        "Verano: 10 % de descuento",
        "Verão: 10% de desconto",
        "夏季：九折",
        "夏季：10%オフ",
      ),
      discountPercent: 10,
      stayFrom: `${summerYear}-06-01`,
      stayTo: `${summerYear}-09-30`,
    },
    {
      id: id(2),
      code: "VIP20",
      hidden: true,
      name: t(
        "VIP guests: 20% off",
        "Ospiti VIP: 20% di sconto",
        "VIP-Gäste: 20% Rabatt",
        "Clients VIP : 20 % de réduction",
        "Clientes VIP: 20 % de descuento",
        "Hóspedes VIP: 20% de desconto",
        "VIP宾客：八折",
        "VIPゲスト：20%オフ",
      ),
      discountPercent: 20,
    },
    {
      id: id(3),
      code: "EARLY15",
      name: t(
        "Book early: 15% off",
        "Prenota prima: 15% di sconto",
        "Frühbucher: 15% Rabatt",
        "Réservez tôt : 15 % de réduction",
        "Reserva anticipada: 15 % de descuento",
        "Reserve cedo: 15% de desconto",
        "提前预订：八五折",
        "早期予約：15%オフ",
      ),
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
      name: t(
        "Romantic getaway",
        "Fuga romantica",
        "Romantische Auszeit",
        "Escapade romantique",
        "Escapada romántica",
        "Escapadinha romântica",
        "浪漫之旅",
        "ロマンチックな休日",
      ),
      description: t(
        "Two to four nights for two, with prosecco and a massage.",
        "Da due a quattro notti per due, con prosecco e massaggio.",
        "Zwei bis vier Nächte zu zweit, mit Prosecco und Massage.",
        "De deux à quatre nuits à deux, avec prosecco et massage.",
        "De dos a cuatro noches para dos, con prosecco y masaje.",
        "De duas a quatro noites a dois, com prosecco e massagem.",
        "双人入住两至四晚，含普罗塞克起泡酒和按摩。",
        "おふたりで2〜4泊、プロセッコとマッサージ付き。",
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
      name: t(
        "Fly & stay",
        "Volo e soggiorno",
        "Flug & Aufenthalt",
        "Vol et séjour",
        "Vuelo y estancia",
        "Voo e estadia",
        "机票+住宿",
        "航空券＋宿泊",
      ),
      description: tPlace(spec.airport.name, (at) => [
        `A week with flights to ${at("en")} and the airport transfer.`,
        `Una settimana con volo per ${at("it")} e transfer.`,
        `Eine Woche mit Flug nach ${at("de")} und Transfer.`,
        `Une semaine avec les vols pour ${at("fr")} et le transfert depuis l'aéroport.`,
        `Una semana con vuelos a ${at("es")} y el traslado desde el aeropuerto.`,
        `Uma semana com voos para ${at("pt")} e o transfer do aeroporto.`,
        `一周行程，含飞往${at("zh")}的航班和机场接送。`,
        `${at("ja")}への航空券と空港送迎付きの1週間。`,
      ]),
      image: "/demo/rooms/package-fly-stay.svg",
      ratePlanIds: [rateId.get("BB-FLEX")!],
      includedServiceIds: [serviceId.get("AIRPORT")!],
      validFrom: flyFrom,
      validTo: addDays(flyFrom, 240),
      minNights: 7,
      maxNights: 14,
      destinationAirport: spec.airport,
      // Out on a Saturday, back on a later Saturday with a flight of its own; prices per passenger and flight.
      airports: [
        {
          code: "LGW",
          name: "London Gatwick",
          flights: saturdays.flatMap((date) => [
            { code: "EZY8421", date, time: "09:40", arrivalTime: "12:50", price: 89 },
            {
              code: "EZY8422",
              direction: "return" as const,
              date,
              time: "13:35",
              arrivalTime: "14:45",
              price: 79,
            },
          ]),
        },
        {
          code: "AMS",
          name: "Amsterdam Schiphol",
          flights: saturdays.flatMap((date) => [
            { code: "KL1613", date, time: "11:15", arrivalTime: "12:55", price: 120 },
            {
              code: "KL1614",
              direction: "return" as const,
              date,
              time: "13:45",
              arrivalTime: "15:30",
              price: 115,
            },
          ]),
        },
        {
          code: "MUC",
          name: "Munich",
          flights: [
            ...saturdays
              .filter((_, i) => i % 2 === 0)
              .map((date) => ({ code: "LH9462", date, time: "07:55", arrivalTime: "08:55", price: 75 })),
            ...saturdays.map((date) => ({
              code: "LH9463",
              direction: "return" as const,
              date,
              time: "18:40",
              arrivalTime: "19:40",
              price: 75,
            })),
          ],
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
        "Votre séjour pour la famille Rossi",
        "Vuestra estancia para la familia Rossi",
        "A vossa estadia para a família Rossi",
        "为罗西一家准备的住宿",
        "ロッシ様ご家族のご滞在",
      ),
      message: t(
        "As agreed on the phone: two rooms, breakfast or half board.",
        "Come concordato al telefono: due camere, colazione o mezza pensione.",
        "Wie telefonisch vereinbart: zwei Zimmer, Frühstück oder Halbpension.",
        "Comme convenu au téléphone : deux chambres, petit-déjeuner ou demi-pension.",
        "Como acordamos por teléfono: dos habitaciones, desayuno o media pensión.",
        "Conforme combinado por telefone: dois quartos, pequeno-almoço ou meia pensão.",
        "按电话中约定：两间客房，含早餐或半膳。",
        "お電話でのお打ち合わせどおり：2室、朝食付きまたは2食付き。",
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
      title: t(
        "House rules",
        "Regolamento della struttura",
        "Hausordnung",
        "Règlement intérieur",
        "Normas de la casa",
        "Regras da casa",
        "住宿规定",
        "館内規則",
      ),
      text: t(
        "I have read and accept the house rules.",
        "Ho letto e accetto il regolamento della struttura.",
        "Ich habe die Hausordnung gelesen und akzeptiere sie.",
        "J'ai lu et j'accepte le règlement intérieur.",
        "He leído y acepto las normas de la casa.",
        "Li e aceito as regras da casa.",
        "我已阅读并接受住宿规定。",
        "館内規則を読み、同意します。",
      ),
      mandatory: true,
    },
    {
      id: id(2),
      title: t(
        "Newsletter",
        "Newsletter",
        "Newsletter",
        "Lettre d'information",
        "Boletín",
        "Newsletter",
        "电子通讯",
        "ニュースレター",
      ),
      text: t(
        "Send me offers from the hotel by e-mail.",
        "Inviatemi offerte dell'hotel via e-mail.",
        "Senden Sie mir Angebote des Hotels per E-Mail.",
        "Envoyez-moi les offres de l'hôtel par e-mail.",
        "Enviadme ofertas del hotel por correo electrónico.",
        "Enviem-me ofertas do hotel por e-mail.",
        "通过电子邮件向我发送酒店优惠。",
        "ホテルからのお得な情報をメールで受け取る。",
      ),
    },
  ];
  if (h === 1)
    customPrivacy.push({
      id: id(3),
      channel: DEMO_DIRECT_CHANNEL_ID,
      title: t(
        "Photos and videos",
        "Foto e video",
        "Fotos und Videos",
        "Photos et vidéos",
        "Fotos y vídeos",
        "Fotografias e vídeos",
        "照片和视频",
        "写真と動画",
      ),
      text: t(
        "The hotel may use photos taken during events in which I appear.",
        "L'hotel può usare foto scattate durante gli eventi in cui compaio.",
        "Das Hotel darf Fotos von Veranstaltungen verwenden, auf denen ich zu sehen bin.",
        "L'hôtel peut utiliser des photos prises lors d'événements où j'apparais.",
        "El hotel puede usar fotos tomadas durante eventos en los que aparezco.",
        "O hotel pode usar fotografias tiradas em eventos em que eu apareça.",
        "酒店可以使用活动中拍摄的有我出镜的照片。",
        "私が写っているイベントの写真をホテルが使用することに同意します。",
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
          bic: "BPMOIT22XXX",
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
