// The agency area's PDFs (ADR 0032): the hotel's voucher (./voucher-document) with, in the agency's version, a section
// of the agency's money — the sale price, its commission and the net it owes — and in the guest's version nothing
// of the agency's money (the guest's voucher as the hotel sends it: the sale price the guest pays the hotel).
import { findLanguage } from "@alloggio/domain/i18n/languages";
import type { MailTextCode, ReservationMailData } from "../mail";
import { guestViewOf, moneyFor } from "../mail";
import { renderVoucherPdf } from "./render-pdf";
import { buildVoucherDocument, type VoucherBlock } from "./voucher-document";

type AgencyPdfTexts = {
  section: string;
  agency: string;
  /** The agency's own reference of the booking. */
  reference: string;
  salePrice: string;
  commission: string;
  net: string;
  notCommissionable: string;
  /** What the commission is a percent of (ADR 0062). */
  basis: (percent: string) => string;
  agencyCopy: string;
};

const TEXTS: Record<MailTextCode, AgencyPdfTexts> = {
  en: {
    section: "Agency",
    agency: "Agency",
    reference: "Your reference",
    salePrice: "Sale price",
    commission: "Commission",
    net: "Net to the hotel",
    notCommissionable: "Net rate: no commission",
    basis: (p) => `Commission: ${p} % of the room price (extras and city tax earn none)`,
    agencyCopy: "Agency copy: not for the guest",
  },
  it: {
    section: "Agenzia",
    agency: "Agenzia",
    reference: "Il tuo riferimento",
    salePrice: "Prezzo di vendita",
    commission: "Commissione",
    net: "Netto all'hotel",
    notCommissionable: "Tariffa netta: nessuna commissione",
    basis: (p) => `Commissione: ${p} % del prezzo della camera (extra e tassa di soggiorno esclusi)`,
    agencyCopy: "Copia per l'agenzia: non per l'ospite",
  },
  de: {
    section: "Agentur",
    agency: "Agentur",
    reference: "Ihre Referenz",
    salePrice: "Verkaufspreis",
    commission: "Provision",
    net: "Netto an das Hotel",
    notCommissionable: "Nettorate: keine Provision",
    basis: (p) => `Provision: ${p} % des Zimmerpreises (ohne Extras und Kurtaxe)`,
    agencyCopy: "Exemplar der Agentur: nicht für den Gast",
  },
  fr: {
    section: "Agence",
    agency: "Agence",
    reference: "Votre référence",
    salePrice: "Prix de vente",
    commission: "Commission",
    net: "Net dû à l'hôtel",
    notCommissionable: "Tarif net : aucune commission",
    basis: (p) => `Commission : ${p} % du prix de la chambre (hors extras et taxe de séjour)`,
    agencyCopy: "Exemplaire de l'agence : pas pour le client",
  },
  es: {
    section: "Agencia",
    agency: "Agencia",
    reference: "Su referencia",
    salePrice: "Precio de venta",
    commission: "Comisión",
    net: "Neto para el hotel",
    notCommissionable: "Tarifa neta: sin comisión",
    basis: (p) => `Comisión: ${p} % del precio de la habitación (sin extras ni tasa turística)`,
    agencyCopy: "Copia de la agencia: no para el huésped",
  },
  pt: {
    section: "Agência",
    agency: "Agência",
    reference: "A sua referência",
    salePrice: "Preço de venda",
    commission: "Comissão",
    net: "Líquido para o hotel",
    notCommissionable: "Tarifa líquida: sem comissão",
    basis: (p) => `Comissão: ${p} % do preço do quarto (sem extras nem taxa turística)`,
    agencyCopy: "Cópia da agência: não para o hóspede",
  },
  zh: {
    section: "旅行社",
    agency: "旅行社",
    reference: "您的参考号",
    salePrice: "销售价",
    commission: "佣金",
    net: "应付酒店净价",
    notCommissionable: "净价房价：无佣金",
    basis: (p) => `佣金：房价的 ${p} %（附加服务和城市税不计佣）`,
    agencyCopy: "旅行社副本：不提供给客人",
  },
  ja: {
    section: "代理店",
    agency: "代理店",
    reference: "貴社の参照番号",
    salePrice: "販売価格",
    commission: "手数料",
    net: "ホテルへの正味額",
    notCommissionable: "ネット料金：手数料なし",
    basis: (p) => `手数料：客室料金の ${p} %（追加サービスと宿泊税は対象外）`,
    agencyCopy: "代理店控え：お客様用ではありません",
  },
};

export type AgencyMoney = { agencyName: string; totalMinor: number; commissionMinor: number | null };

/** The voucher PDF of a reservation for the agency (`agency`, with its money) or for its guest (`guest`). */
export async function renderAgencyPdf(
  data: ReservationMailData,
  version: "agency" | "guest",
  money: AgencyMoney,
  languageId: number,
  now: Date,
): Promise<{ filename: string; content: Buffer }> {
  const doc = buildVoucherDocument(version === "agency" ? data : guestViewOf(data), languageId, now);
  if (version === "agency") {
    const texts = TEXTS[findLanguage(languageId).text];
    const format = moneyFor(data, languageId);
    const rows = [
      { label: texts.agency, value: money.agencyName },
      ...(data.agency?.code ? [{ label: texts.reference, value: data.agency.code }] : []),
      { label: texts.salePrice, value: format(money.totalMinor), strong: true },
      ...(money.commissionMinor === null
        ? [{ label: texts.commission, value: texts.notCommissionable }]
        : [
            { label: texts.commission, value: format(money.commissionMinor) },
            { label: texts.net, value: format(money.totalMinor - money.commissionMinor), strong: true },
          ]),
    ];
    const percents = [
      ...new Set(
        data.rooms.flatMap((room) =>
          room.status !== "C" && room.commissionPercent != null ? [room.commissionPercent] : [],
        ),
      ),
    ];
    const locale = findLanguage(languageId).locale;
    const blocks: VoucherBlock[] = [{ kind: "facts", rows, numeric: true }];
    if (money.commissionMinor !== null && percents.length > 0)
      blocks.push({
        kind: "paragraphs",
        lines: [
          texts.basis(
            percents.map((p) => p.toLocaleString(locale, { maximumFractionDigits: 2 })).join(" / "),
          ),
        ],
      });
    doc.sections.unshift({ title: texts.section, blocks });
    doc.notes.unshift(texts.agencyCopy);
    doc.filename = doc.filename.replace(/\.pdf$/, "-agency.pdf");
  }
  return { filename: doc.filename, content: await renderVoucherPdf(doc, now) };
}
