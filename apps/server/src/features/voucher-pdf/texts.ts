// The voucher PDF's own lines, one typed entry per language (a missing key does not compile). Everything the
// confirmation mail also says comes from the mail's tables (../mail/texts.ts), so the two never disagree.
import type { MailTextCode } from "../mail";

export type VoucherPdfTexts = {
  title: string;
  bookedBy: string;
  bookedOn: (dateTime: string) => string;
  roomHeading: (n: number, name: string) => string;
  /** Only the rooms that are not simply booked get a mark. */
  roomStatus: { C: string; W: string };
  roomTotal: string;
  nightlyPrices: string;
  roomServices: string;
  stayServices: string;
  guestNames: string;
  included: string;
  showAtCheckIn: string;
  generatedAt: (dateTime: string) => string;
  page: (n: number, total: number) => string;
};

const en: VoucherPdfTexts = {
  title: "Booking voucher",
  bookedBy: "Booked by",
  bookedOn: (dateTime) => `Booked on ${dateTime}`,
  roomHeading: (n, name) => `Room ${n}: ${name}`,
  roomStatus: { C: "Cancelled", W: "Waiting for confirmation" },
  roomTotal: "Room total",
  nightlyPrices: "Price per night",
  roomServices: "Services for this room",
  stayServices: "Services for the whole stay",
  guestNames: "Guest names",
  included: "Included",
  showAtCheckIn: "Please show this voucher, printed or on your phone, at check-in.",
  generatedAt: (dateTime) => `Generated on ${dateTime} (hotel time)`,
  page: (n, total) => `Page ${n} of ${total}`,
};

const it: VoucherPdfTexts = {
  title: "Voucher di prenotazione",
  bookedBy: "Prenotato da",
  bookedOn: (dateTime) => `Prenotata il ${dateTime}`,
  roomHeading: (n, name) => `Camera ${n}: ${name}`,
  roomStatus: { C: "Cancellata", W: "In attesa di conferma" },
  roomTotal: "Totale camera",
  nightlyPrices: "Prezzo per notte",
  roomServices: "Servizi per questa camera",
  stayServices: "Servizi per l'intero soggiorno",
  guestNames: "Nomi degli ospiti",
  included: "Inclusa",
  showAtCheckIn: "Mostra questo voucher, stampato o sul telefono, al check-in.",
  generatedAt: (dateTime) => `Generato il ${dateTime} (ora dell'hotel)`,
  page: (n, total) => `Pagina ${n} di ${total}`,
};

const de: VoucherPdfTexts = {
  title: "Buchungsbeleg",
  bookedBy: "Gebucht von",
  bookedOn: (dateTime) => `Gebucht am ${dateTime}`,
  roomHeading: (n, name) => `Zimmer ${n}: ${name}`,
  roomStatus: { C: "Storniert", W: "Wartet auf Bestätigung" },
  roomTotal: "Zimmerpreis gesamt",
  nightlyPrices: "Preis pro Nacht",
  roomServices: "Leistungen für dieses Zimmer",
  stayServices: "Leistungen für den gesamten Aufenthalt",
  guestNames: "Namen der Gäste",
  included: "Inbegriffen",
  showAtCheckIn: "Bitte zeigen Sie diesen Beleg beim Check-in vor, ausgedruckt oder auf dem Handy.",
  generatedAt: (dateTime) => `Erstellt am ${dateTime} (Ortszeit des Hotels)`,
  page: (n, total) => `Seite ${n} von ${total}`,
};

const fr: VoucherPdfTexts = {
  title: "Bon de réservation",
  bookedBy: "Réservé par",
  bookedOn: (dateTime) => `Réservé le ${dateTime}`,
  roomHeading: (n, name) => `Chambre ${n} : ${name}`,
  roomStatus: { C: "Annulée", W: "En attente de confirmation" },
  roomTotal: "Total de la chambre",
  nightlyPrices: "Prix par nuit",
  roomServices: "Services pour cette chambre",
  stayServices: "Services pour tout le séjour",
  guestNames: "Noms des voyageurs",
  included: "Incluse",
  showAtCheckIn: "Présentez ce bon à l'arrivée, imprimé ou sur votre téléphone.",
  generatedAt: (dateTime) => `Créé le ${dateTime} (heure de l'hôtel)`,
  page: (n, total) => `Page ${n} sur ${total}`,
};

const es: VoucherPdfTexts = {
  title: "Bono de reserva",
  bookedBy: "Reservado por",
  bookedOn: (dateTime) => `Reservado el ${dateTime}`,
  roomHeading: (n, name) => `Habitación ${n}: ${name}`,
  roomStatus: { C: "Cancelada", W: "Pendiente de confirmación" },
  roomTotal: "Total de la habitación",
  nightlyPrices: "Precio por noche",
  roomServices: "Servicios para esta habitación",
  stayServices: "Servicios para toda la estancia",
  guestNames: "Nombres de los huéspedes",
  included: "Incluida",
  showAtCheckIn: "Presenta este bono al hacer el check-in, impreso o en tu móvil.",
  generatedAt: (dateTime) => `Generado el ${dateTime} (hora del hotel)`,
  page: (n, total) => `Página ${n} de ${total}`,
};

const pt: VoucherPdfTexts = {
  title: "Voucher de reserva",
  bookedBy: "Reservado por",
  bookedOn: (dateTime) => `Reservado em ${dateTime}`,
  roomHeading: (n, name) => `Quarto ${n}: ${name}`,
  roomStatus: { C: "Cancelado", W: "A aguardar confirmação" },
  roomTotal: "Total do quarto",
  nightlyPrices: "Preço por noite",
  roomServices: "Serviços para este quarto",
  stayServices: "Serviços para toda a estadia",
  guestNames: "Nomes dos hóspedes",
  included: "Incluída",
  showAtCheckIn: "Apresente este voucher no check-in, impresso ou no telemóvel.",
  generatedAt: (dateTime) => `Gerado em ${dateTime} (hora do hotel)`,
  page: (n, total) => `Página ${n} de ${total}`,
};

const zh: VoucherPdfTexts = {
  title: "预订凭证",
  bookedBy: "预订人",
  bookedOn: (dateTime) => `预订时间：${dateTime}`,
  roomHeading: (n, name) => `客房${n}：${name}`,
  roomStatus: { C: "已取消", W: "等待确认" },
  roomTotal: "客房总价",
  nightlyPrices: "每晚价格",
  roomServices: "此客房的服务",
  stayServices: "整个住宿期间的服务",
  guestNames: "客人姓名",
  included: "已包含",
  showAtCheckIn: "办理入住时请出示此凭证（打印件或手机均可）。",
  generatedAt: (dateTime) => `生成时间：${dateTime}（酒店当地时间）`,
  page: (n, total) => `第 ${n} 页，共 ${total} 页`,
};

const ja: VoucherPdfTexts = {
  title: "宿泊予約確認書",
  bookedBy: "予約者",
  bookedOn: (dateTime) => `予約日時：${dateTime}`,
  roomHeading: (n, name) => `客室${n}：${name}`,
  roomStatus: { C: "キャンセル済み", W: "確認待ち" },
  roomTotal: "客室料金合計",
  nightlyPrices: "1泊ごとの料金",
  roomServices: "この客室のサービス",
  stayServices: "滞在全体のサービス",
  guestNames: "宿泊者氏名",
  included: "含む",
  showAtCheckIn: "チェックインの際に、この確認書（印刷またはスマートフォン画面）をご提示ください。",
  generatedAt: (dateTime) => `作成日時：${dateTime}（ホテル現地時間）`,
  page: (n, total) => `${n} / ${total} ページ`,
};

export const VOUCHER_PDF_TEXTS: Record<MailTextCode, VoucherPdfTexts> = { en, it, de, fr, es, pt, zh, ja };
