// The lines of a trade booking's mail to its agency (ADR 0062), in the language the agent booked in.
import type { MailTextCode } from "./texts";

export type AgencyMailTexts = {
  subject: (code: string, guest: string, hotel: string) => string;
  heading: string;
  agency: string;
  intro: (guest: string, hotel: string) => string;
  reference: string;
  pdfNote: string;
  reminderSubject: (code: string, guest: string) => string;
  reminderHeading: string;
  reminderLead: (dateTime: string) => string;
};

export const AGENCY_MAIL_TEXTS: Record<MailTextCode, AgencyMailTexts> = {
  en: {
    subject: (code, guest, hotel) => `Agency booking ${code} for ${guest} – ${hotel}`,
    heading: "Your agency's booking",
    agency: "Agency",
    intro: (guest, hotel) => `Your agency booked this stay for ${guest} at ${hotel}.`,
    reference: "Your reference",
    pdfNote: "The attached agency PDF holds your price, commission and net; it is not for the guest.",
    reminderSubject: (code, guest) => `Option ${code} for ${guest} runs out soon`,
    reminderHeading: "Your option runs out soon",
    reminderLead: (at) => `Confirm it in the agency area before ${at}, or it is released.`,
  },
  it: {
    subject: (code, guest, hotel) => `Prenotazione agenzia ${code} per ${guest} – ${hotel}`,
    heading: "La prenotazione della tua agenzia",
    agency: "Agenzia",
    intro: (guest, hotel) => `La tua agenzia ha prenotato questo soggiorno per ${guest} presso ${hotel}.`,
    reference: "Il tuo riferimento",
    pdfNote: "Il PDF agenzia allegato riporta prezzo, commissione e netto: non è per l'ospite.",
    reminderSubject: (code, guest) => `L'opzione ${code} per ${guest} sta per scadere`,
    reminderHeading: "La tua opzione sta per scadere",
    reminderLead: (at) => `Confermala nell'area agenzia entro ${at}, altrimenti viene rilasciata.`,
  },
  de: {
    subject: (code, guest, hotel) => `Agenturbuchung ${code} für ${guest} – ${hotel}`,
    heading: "Die Buchung Ihrer Agentur",
    agency: "Agentur",
    intro: (guest, hotel) => `Ihre Agentur hat diesen Aufenthalt für ${guest} im ${hotel} gebucht.`,
    reference: "Ihre Referenz",
    pdfNote: "Das beigefügte Agentur-PDF enthält Preis, Provision und Netto; es ist nicht für den Gast.",
    reminderSubject: (code, guest) => `Option ${code} für ${guest} läuft bald ab`,
    reminderHeading: "Ihre Option läuft bald ab",
    reminderLead: (at) => `Bestätigen Sie sie im Agenturbereich vor ${at}, sonst wird sie freigegeben.`,
  },
  fr: {
    subject: (code, guest, hotel) => `Réservation agence ${code} pour ${guest} – ${hotel}`,
    heading: "La réservation de votre agence",
    agency: "Agence",
    intro: (guest, hotel) => `Votre agence a réservé ce séjour pour ${guest} à ${hotel}.`,
    reference: "Votre référence",
    pdfNote: "Le PDF agence joint indique le prix, la commission et le net ; il n'est pas destiné au client.",
    reminderSubject: (code, guest) => `L'option ${code} pour ${guest} expire bientôt`,
    reminderHeading: "Votre option expire bientôt",
    reminderLead: (at) => `Confirmez-la dans l'espace agence avant le ${at}, sinon elle sera libérée.`,
  },
  es: {
    subject: (code, guest, hotel) => `Reserva de agencia ${code} para ${guest} – ${hotel}`,
    heading: "La reserva de su agencia",
    agency: "Agencia",
    intro: (guest, hotel) => `Su agencia reservó esta estancia para ${guest} en ${hotel}.`,
    reference: "Su referencia",
    pdfNote: "El PDF de agencia adjunto indica el precio, la comisión y el neto; no es para el huésped.",
    reminderSubject: (code, guest) => `La opción ${code} para ${guest} vence pronto`,
    reminderHeading: "Su opción vence pronto",
    reminderLead: (at) => `Confírmela en el área de agencia antes del ${at}, o se liberará.`,
  },
  pt: {
    subject: (code, guest, hotel) => `Reserva de agência ${code} para ${guest} – ${hotel}`,
    heading: "A reserva da sua agência",
    agency: "Agência",
    intro: (guest, hotel) => `A sua agência reservou esta estadia para ${guest} em ${hotel}.`,
    reference: "A sua referência",
    pdfNote: "O PDF de agência anexo indica o preço, a comissão e o líquido; não é para o hóspede.",
    reminderSubject: (code, guest) => `A opção ${code} para ${guest} expira em breve`,
    reminderHeading: "A sua opção expira em breve",
    reminderLead: (at) => `Confirme-a na área de agência antes de ${at}, ou será libertada.`,
  },
  zh: {
    subject: (code, guest, hotel) => `旅行社预订 ${code}：${guest} – ${hotel}`,
    heading: "贵旅行社的预订",
    agency: "旅行社",
    intro: (guest, hotel) => `贵旅行社已为 ${guest} 预订 ${hotel} 的此次住宿。`,
    reference: "您的参考号",
    pdfNote: "附件中的旅行社 PDF 含价格、佣金和净价，不提供给客人。",
    reminderSubject: (code, guest) => `${guest} 的预留 ${code} 即将到期`,
    reminderHeading: "您的预留即将到期",
    reminderLead: (at) => `请在 ${at} 之前在旅行社专区确认，否则将被释放。`,
  },
  ja: {
    subject: (code, guest, hotel) => `代理店予約 ${code}：${guest} 様 – ${hotel}`,
    heading: "貴社のご予約",
    agency: "代理店",
    intro: (guest, hotel) => `貴社は ${guest} 様のために ${hotel} のこのご滞在を予約しました。`,
    reference: "貴社の参照番号",
    pdfNote: "添付の代理店用 PDF には料金、手数料、正味額が記載されています。お客様用ではありません。",
    reminderSubject: (code, guest) => `${guest} 様の仮予約 ${code} の期限が近づいています`,
    reminderHeading: "仮予約の期限が近づいています",
    reminderLead: (at) => `${at} までに代理店エリアで確定してください。確定しない場合は解放されます。`,
  },
};
