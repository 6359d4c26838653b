// The agency area's PDFs (ADR 0032): the hotel's voucher (../voucher-pdf) with, in the agency's version, a section
// of the agency's money — the sale price, its commission and the net it owes — and in the guest's version nothing
// of the agency's money (the guest's voucher as the hotel sends it: the sale price the guest pays the hotel).
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { guestViewOf } from "../mail/guest-view";
import type { ReservationMailData } from "../mail/reservation-mails";
import { moneyFor } from "../mail/reservation-mails";
import type { MailTextCode } from "../mail/texts";
import { renderVoucherPdf } from "../voucher-pdf/render-pdf";
import { buildVoucherDocument } from "../voucher-pdf/voucher-document";

type AgencyPdfTexts = {
  section: string;
  agency: string;
  salePrice: string;
  commission: string;
  net: string;
  notCommissionable: string;
  agencyCopy: string;
};

const TEXTS: Record<MailTextCode, AgencyPdfTexts> = {
  en: {
    section: "Agency",
    agency: "Agency",
    salePrice: "Sale price",
    commission: "Commission",
    net: "Net to the hotel",
    notCommissionable: "Net rate: no commission",
    agencyCopy: "Agency copy: not for the guest",
  },
  it: {
    section: "Agenzia",
    agency: "Agenzia",
    salePrice: "Prezzo di vendita",
    commission: "Commissione",
    net: "Netto all'hotel",
    notCommissionable: "Tariffa netta: nessuna commissione",
    agencyCopy: "Copia per l'agenzia: non per l'ospite",
  },
  de: {
    section: "Agentur",
    agency: "Agentur",
    salePrice: "Verkaufspreis",
    commission: "Provision",
    net: "Netto an das Hotel",
    notCommissionable: "Nettorate: keine Provision",
    agencyCopy: "Exemplar der Agentur: nicht für den Gast",
  },
  fr: {
    section: "Agence",
    agency: "Agence",
    salePrice: "Prix de vente",
    commission: "Commission",
    net: "Net dû à l'hôtel",
    notCommissionable: "Tarif net : aucune commission",
    agencyCopy: "Exemplaire de l'agence : pas pour le client",
  },
  es: {
    section: "Agencia",
    agency: "Agencia",
    salePrice: "Precio de venta",
    commission: "Comisión",
    net: "Neto para el hotel",
    notCommissionable: "Tarifa neta: sin comisión",
    agencyCopy: "Copia de la agencia: no para el huésped",
  },
  pt: {
    section: "Agência",
    agency: "Agência",
    salePrice: "Preço de venda",
    commission: "Comissão",
    net: "Líquido para o hotel",
    notCommissionable: "Tarifa líquida: sem comissão",
    agencyCopy: "Cópia da agência: não para o hóspede",
  },
  zh: {
    section: "旅行社",
    agency: "旅行社",
    salePrice: "销售价",
    commission: "佣金",
    net: "应付酒店净价",
    notCommissionable: "净价房价：无佣金",
    agencyCopy: "旅行社副本：不提供给客人",
  },
  ja: {
    section: "代理店",
    agency: "代理店",
    salePrice: "販売価格",
    commission: "手数料",
    net: "ホテルへの正味額",
    notCommissionable: "ネット料金：手数料なし",
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
      { label: texts.salePrice, value: format(money.totalMinor), strong: true },
      ...(money.commissionMinor === null
        ? [{ label: texts.commission, value: texts.notCommissionable }]
        : [
            { label: texts.commission, value: format(money.commissionMinor) },
            { label: texts.net, value: format(money.totalMinor - money.commissionMinor), strong: true },
          ]),
    ];
    doc.sections.unshift({ title: texts.section, blocks: [{ kind: "facts", rows, numeric: true }] });
    doc.notes.unshift(texts.agencyCopy);
    doc.filename = doc.filename.replace(/\.pdf$/, "-agency.pdf");
  }
  return { filename: doc.filename, content: await renderVoucherPdf(doc, now) };
}
