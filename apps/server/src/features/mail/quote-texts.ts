// The lines of the quote mail (quote.do) that the reservation mails do not have, one typed entry per language.
// The rest (dates, rooms, guests, totals, the hotel's contacts) is read from texts.ts.
import type { MailTextCode } from "./texts";

export type QuoteTexts = {
  subject: (hotel: string) => string;
  heading: string;
  intro: (hotel: string) => string;
  yourStay: string;
  priceOnRequest: string;
  totalOnRequest: string;
  /** Beside a room the guest did not choose: the quote offers the least expensive one available. */
  suggested: string;
  requiredServices: string;
  yourMessage: string;
  validity: string;
  bookText: string;
  bookButton: string;
  promoCode: string;
  /** The hotel's answer to a quote request (back office): a priced stay held by a reservation link. */
  answered: {
    subject: (hotel: string) => string;
    heading: string;
    intro: (hotel: string) => string;
    note: string;
    validUntil: (day: string) => string;
    bookText: string;
    bookButton: string;
  };
};

const en: QuoteTexts = {
  subject: (hotel) => `Your quote – ${hotel}`,
  heading: "Your quote",
  intro: (hotel) => `thank you for your interest in ${hotel}. Here is the quote you asked for.`,
  yourStay: "Your stay",
  priceOnRequest: "No price online: the hotel will answer you about this room",
  totalOnRequest: "The hotel will answer you with the price of the rooms that have none here.",
  suggested: "the least expensive available",
  requiredServices: "Required services (the least expensive option)",
  yourMessage: "Your message",
  validity:
    "Prices are today's and may change until you book; a quote does not hold the rooms. The city tax, if any, is paid at the hotel.",
  bookText: "When you are ready, book online with the same dates and guests.",
  bookButton: "Check availability and book",
  promoCode: "Promo code",
  answered: {
    subject: (hotel) => `Your quote from ${hotel}`,
    heading: "Your quote is ready",
    intro: (hotel) => `here is the quote ${hotel} prepared for you.`,
    note: "The hotel's note",
    validUntil: (day) => `You can book at these prices until ${day}.`,
    bookText:
      "Open the link to book this stay at the price below; the link holds the dates, the rooms and the prices.",
    bookButton: "Book this stay",
  },
};

const it: QuoteTexts = {
  subject: (hotel) => `Il tuo preventivo – ${hotel}`,
  heading: "Il tuo preventivo",
  intro: (hotel) => `grazie per l'interesse verso ${hotel}. Ecco il preventivo che hai richiesto.`,
  yourStay: "Il tuo soggiorno",
  priceOnRequest: "Nessun prezzo online: l'hotel ti risponderà per questa camera",
  totalOnRequest: "L'hotel ti risponderà con il prezzo delle camere che qui non ne hanno.",
  suggested: "la più conveniente disponibile",
  requiredServices: "Servizi obbligatori (l'opzione meno cara)",
  yourMessage: "Il tuo messaggio",
  validity:
    "I prezzi sono quelli di oggi e possono cambiare fino alla prenotazione; il preventivo non blocca le camere. L'eventuale tassa di soggiorno si paga in hotel.",
  bookText: "Quando sei pronto, prenota online con le stesse date e gli stessi ospiti.",
  bookButton: "Verifica la disponibilità e prenota",
  promoCode: "Codice promozionale",
  answered: {
    subject: (hotel) => `Il tuo preventivo da ${hotel}`,
    heading: "Il tuo preventivo è pronto",
    intro: (hotel) => `ecco il preventivo che ${hotel} ha preparato per te.`,
    note: "La nota dell'hotel",
    validUntil: (day) => `Puoi prenotare a questi prezzi fino a ${day}.`,
    bookText:
      "Apri il link per prenotare questo soggiorno al prezzo indicato; il link contiene date, camere e prezzi.",
    bookButton: "Prenota questo soggiorno",
  },
};

const de: QuoteTexts = {
  subject: (hotel) => `Ihr Angebot – ${hotel}`,
  heading: "Ihr Angebot",
  intro: (hotel) => `vielen Dank für Ihr Interesse an ${hotel}. Hier ist das gewünschte Angebot.`,
  yourStay: "Ihr Aufenthalt",
  priceOnRequest: "Kein Online-Preis: Das Hotel antwortet Ihnen zu diesem Zimmer",
  totalOnRequest: "Das Hotel nennt Ihnen den Preis der Zimmer, die hier keinen haben.",
  suggested: "das günstigste verfügbare",
  requiredServices: "Pflichtleistungen (die günstigste Option)",
  yourMessage: "Ihre Nachricht",
  validity:
    "Die Preise gelten heute und können sich bis zur Buchung ändern; ein Angebot reserviert keine Zimmer. Eine etwaige Kurtaxe zahlen Sie im Hotel.",
  bookText: "Wenn Sie so weit sind, buchen Sie online mit denselben Daten und Gästen.",
  bookButton: "Verfügbarkeit prüfen und buchen",
  promoCode: "Aktionscode",
  answered: {
    subject: (hotel) => `Ihr Angebot von ${hotel}`,
    heading: "Ihr Angebot ist fertig",
    intro: (hotel) => `hier ist das Angebot, das ${hotel} für Sie vorbereitet hat.`,
    note: "Die Nachricht des Hotels",
    validUntil: (day) => `Sie können zu diesen Preisen bis ${day} buchen.`,
    bookText:
      "Öffnen Sie den Link, um diesen Aufenthalt zum unten genannten Preis zu buchen; der Link enthält Daten, Zimmer und Preise.",
    bookButton: "Diesen Aufenthalt buchen",
  },
};

const fr: QuoteTexts = {
  subject: (hotel) => `Votre devis – ${hotel}`,
  heading: "Votre devis",
  intro: (hotel) => `merci de l'intérêt que vous portez à ${hotel}. Voici le devis que vous avez demandé.`,
  yourStay: "Votre séjour",
  priceOnRequest: "Pas de prix en ligne : l'hôtel vous répondra pour cette chambre",
  totalOnRequest: "L'hôtel vous répondra avec le prix des chambres qui n'en ont pas ici.",
  suggested: "la moins chère disponible",
  requiredServices: "Services obligatoires (l'option la moins chère)",
  yourMessage: "Votre message",
  validity:
    "Les prix sont ceux d'aujourd'hui et peuvent changer jusqu'à la réservation ; un devis ne bloque pas les chambres. La taxe de séjour éventuelle se paie à l'hôtel.",
  bookText: "Quand vous êtes prêt, réservez en ligne avec les mêmes dates et les mêmes personnes.",
  bookButton: "Vérifier les disponibilités et réserver",
  promoCode: "Code promo",
  answered: {
    subject: (hotel) => `Votre devis de ${hotel}`,
    heading: "Votre devis est prêt",
    intro: (hotel) => `voici le devis que ${hotel} a préparé pour vous.`,
    note: "Le message de l'hôtel",
    validUntil: (day) => `Vous pouvez réserver à ces prix jusqu’au ${day}.`,
    bookText:
      "Ouvrez le lien pour réserver ce séjour au prix ci-dessous ; le lien contient les dates, les chambres et les prix.",
    bookButton: "Réserver ce séjour",
  },
};

const es: QuoteTexts = {
  subject: (hotel) => `Su presupuesto – ${hotel}`,
  heading: "Su presupuesto",
  intro: (hotel) => `gracias por su interés en ${hotel}. Este es el presupuesto que nos pidió.`,
  yourStay: "Su estancia",
  priceOnRequest: "Sin precio en línea: el hotel le responderá sobre esta habitación",
  totalOnRequest: "El hotel le responderá con el precio de las habitaciones que aquí no lo tienen.",
  suggested: "la más económica disponible",
  requiredServices: "Servicios obligatorios (la opción más económica)",
  yourMessage: "Su mensaje",
  validity:
    "Los precios son los de hoy y pueden cambiar hasta que reserve; un presupuesto no retiene las habitaciones. La tasa turística, si la hay, se paga en el hotel.",
  bookText: "Cuando lo desee, reserve en línea con las mismas fechas y huéspedes.",
  bookButton: "Ver disponibilidad y reservar",
  promoCode: "Código promocional",
  answered: {
    subject: (hotel) => `Tu presupuesto de ${hotel}`,
    heading: "Tu presupuesto está listo",
    intro: (hotel) => `este es el presupuesto que ${hotel} ha preparado para ti.`,
    note: "La nota del hotel",
    validUntil: (day) => `Puedes reservar a estos precios hasta el ${day}.`,
    bookText:
      "Abre el enlace para reservar esta estancia al precio indicado; el enlace contiene las fechas, las habitaciones y los precios.",
    bookButton: "Reservar esta estancia",
  },
};

const pt: QuoteTexts = {
  subject: (hotel) => `O seu orçamento – ${hotel}`,
  heading: "O seu orçamento",
  intro: (hotel) => `obrigado pelo seu interesse em ${hotel}. Eis o orçamento que pediu.`,
  yourStay: "A sua estadia",
  priceOnRequest: "Sem preço online: o hotel responder-lhe-á sobre este quarto",
  totalOnRequest: "O hotel responder-lhe-á com o preço dos quartos que aqui não o têm.",
  suggested: "o mais económico disponível",
  requiredServices: "Serviços obrigatórios (a opção mais económica)",
  yourMessage: "A sua mensagem",
  validity:
    "Os preços são os de hoje e podem mudar até reservar; um orçamento não reserva os quartos. A taxa turística, se existir, paga-se no hotel.",
  bookText: "Quando quiser, reserve online com as mesmas datas e hóspedes.",
  bookButton: "Ver disponibilidade e reservar",
  promoCode: "Código promocional",
  answered: {
    subject: (hotel) => `O seu orçamento de ${hotel}`,
    heading: "O seu orçamento está pronto",
    intro: (hotel) => `eis o orçamento que ${hotel} preparou para si.`,
    note: "A nota do hotel",
    validUntil: (day) => `Pode reservar a estes preços até ${day}.`,
    bookText:
      "Abra o link para reservar esta estadia ao preço indicado; o link contém as datas, os quartos e os preços.",
    bookButton: "Reservar esta estadia",
  },
};

const zh: QuoteTexts = {
  subject: (hotel) => `您的报价 – ${hotel}`,
  heading: "您的报价",
  intro: (hotel) => `感谢您对 ${hotel} 的关注。以下是您索取的报价。`,
  yourStay: "您的住宿",
  priceOnRequest: "暂无在线价格：酒店将就此客房答复您",
  totalOnRequest: "对于此处没有价格的客房，酒店将答复您其价格。",
  suggested: "可订的最低价客房",
  requiredServices: "必选服务（最低价选项）",
  yourMessage: "您的留言",
  validity: "价格为今日价格，预订前可能变动；报价不保留客房。如有城市税，需在酒店支付。",
  bookText: "准备好后，可使用相同的日期和人数在线预订。",
  bookButton: "查看空房并预订",
  promoCode: "优惠码",
  answered: {
    subject: (hotel) => `${hotel} 的报价`,
    heading: "您的报价已准备好",
    intro: (hotel) => `以下是 ${hotel} 为您准备的报价。`,
    note: "酒店留言",
    validUntil: (day) => `您可在 ${day} 之前按此价格预订。`,
    bookText: "打开链接即可按以下价格预订此住宿；链接包含日期、客房和价格。",
    bookButton: "预订此住宿",
  },
};

const ja: QuoteTexts = {
  subject: (hotel) => `お見積もり – ${hotel}`,
  heading: "お見積もり",
  intro: (hotel) =>
    `${hotel} にご関心をお寄せいただきありがとうございます。ご依頼のお見積もりは以下のとおりです。`,
  yourStay: "ご滞在",
  priceOnRequest: "オンライン料金なし：この客室についてはホテルよりご連絡します",
  totalOnRequest: "ここに料金が表示されていない客室は、ホテルより料金をご連絡します。",
  suggested: "空室のうち最安",
  requiredServices: "必須サービス（最も安いオプション）",
  yourMessage: "メッセージ",
  validity:
    "料金は本日時点のもので、ご予約までに変わる場合があります。お見積もりでは客室は確保されません。宿泊税がある場合はホテルでお支払いください。",
  bookText: "ご準備ができましたら、同じ日程・人数でオンライン予約いただけます。",
  bookButton: "空室を確認して予約",
  promoCode: "プロモーションコード",
  answered: {
    subject: (hotel) => `${hotel} からのお見積もり`,
    heading: "お見積もりのご用意ができました",
    intro: (hotel) => `${hotel} がご用意したお見積もりです。`,
    note: "ホテルからのメッセージ",
    validUntil: (day) => `${day} までこの料金でご予約いただけます。`,
    bookText:
      "リンクを開くと、以下の料金でこのご滞在を予約できます。リンクには日程・客室・料金が含まれています。",
    bookButton: "このご滞在を予約",
  },
};

export const QUOTE_TEXTS: Record<MailTextCode, QuoteTexts> = { en, it, de, fr, es, pt, zh, ja };

export type HotelQuoteTexts = {
  subject: (arrival: string, departure: string, guest: string) => string;
  heading: string;
  intro: (hotel: string) => string;
  guest: string;
  message: string;
  language: string;
  link: string;
  answerRooms: string;
};

/** The hotel's copy of a quote, in the hotel's mail language. */
export const HOTEL_QUOTE_TEXTS: Record<MailTextCode, HotelQuoteTexts> = {
  en: {
    subject: (arrival, departure, guest) => `Quote request: ${arrival} – ${departure}, ${guest}`,
    heading: "Quote request",
    intro: (hotel) =>
      `A guest asked ${hotel} for a quote from the booking engine and received what is below. Reply to them at their e-mail address.`,
    guest: "Guest",
    message: "Guest's message",
    language: "Language of the guest's quote",
    link: "The same search on the booking engine",
    answerRooms: "Rooms marked 'No price online' could not be priced online: please reply with their price.",
  },
  it: {
    subject: (arrival, departure, guest) => `Richiesta di preventivo: ${arrival} – ${departure}, ${guest}`,
    heading: "Richiesta di preventivo",
    intro: (hotel) =>
      `Un ospite ha chiesto a ${hotel} un preventivo dal booking engine e ha ricevuto quanto segue. Rispondigli al suo indirizzo e-mail.`,
    guest: "Ospite",
    message: "Messaggio dell'ospite",
    language: "Lingua del preventivo dell'ospite",
    link: "La stessa ricerca sul booking engine",
    answerRooms:
      "Le camere indicate con 'Nessun prezzo online' non hanno potuto essere quotate online: rispondi con il loro prezzo.",
  },
  de: {
    subject: (arrival, departure, guest) => `Angebotsanfrage: ${arrival} – ${departure}, ${guest}`,
    heading: "Angebotsanfrage",
    intro: (hotel) =>
      `Ein Gast hat ${hotel} über die Buchungsmaschine um ein Angebot gebeten und das Folgende erhalten. Antworten Sie ihm an seine E-Mail-Adresse.`,
    guest: "Gast",
    message: "Nachricht des Gastes",
    language: "Sprache des Angebots an den Gast",
    link: "Dieselbe Suche in der Buchungsmaschine",
    answerRooms:
      "Für Zimmer mit „Kein Online-Preis“ gab es online keinen Preis: Bitte antworten Sie mit ihrem Preis.",
  },
  fr: {
    subject: (arrival, departure, guest) => `Demande de devis : ${arrival} – ${departure}, ${guest}`,
    heading: "Demande de devis",
    intro: (hotel) =>
      `Un client a demandé un devis à ${hotel} depuis le moteur de réservation et a reçu ce qui suit. Répondez-lui à son adresse e-mail.`,
    guest: "Client",
    message: "Message du client",
    language: "Langue du devis du client",
    link: "La même recherche sur le moteur de réservation",
    answerRooms:
      "Les chambres marquées « Pas de prix en ligne » n'ont pas pu être chiffrées en ligne : merci de répondre avec leur prix.",
  },
  es: {
    subject: (arrival, departure, guest) => `Solicitud de presupuesto: ${arrival} – ${departure}, ${guest}`,
    heading: "Solicitud de presupuesto",
    intro: (hotel) =>
      `Un huésped pidió a ${hotel} un presupuesto desde el motor de reservas y recibió lo que sigue. Respóndale a su dirección de e-mail.`,
    guest: "Huésped",
    message: "Mensaje del huésped",
    language: "Idioma del presupuesto del huésped",
    link: "La misma búsqueda en el motor de reservas",
    answerRooms:
      "Las habitaciones marcadas «Sin precio en línea» no pudieron presupuestarse en línea: responda con su precio.",
  },
  pt: {
    subject: (arrival, departure, guest) => `Pedido de orçamento: ${arrival} – ${departure}, ${guest}`,
    heading: "Pedido de orçamento",
    intro: (hotel) =>
      `Um hóspede pediu um orçamento a ${hotel} a partir do motor de reservas e recebeu o que se segue. Responda-lhe para o seu endereço de e-mail.`,
    guest: "Hóspede",
    message: "Mensagem do hóspede",
    language: "Idioma do orçamento do hóspede",
    link: "A mesma pesquisa no motor de reservas",
    answerRooms:
      "Os quartos marcados «Sem preço online» não puderam ser orçamentados online: responda com o seu preço.",
  },
  zh: {
    subject: (arrival, departure, guest) => `报价请求：${arrival} – ${departure}，${guest}`,
    heading: "报价请求",
    intro: (hotel) => `一位客人通过预订引擎向 ${hotel} 索取报价，并收到了以下内容。请回复至其电子邮箱。`,
    guest: "客人",
    message: "客人留言",
    language: "客人报价的语言",
    link: "在预订引擎上的相同搜索",
    answerRooms: "标有“暂无在线价格”的客房无法在线报价：请回复其价格。",
  },
  ja: {
    subject: (arrival, departure, guest) => `見積もり依頼：${arrival} – ${departure}、${guest}`,
    heading: "見積もり依頼",
    intro: (hotel) =>
      `ゲストが予約エンジンから ${hotel} に見積もりを依頼し、以下の内容を受け取りました。ゲストのメールアドレスへご返信ください。`,
    guest: "ゲスト",
    message: "ゲストからのメッセージ",
    language: "ゲストへの見積もりの言語",
    link: "予約エンジンで同じ条件の検索",
    answerRooms: "「オンライン料金なし」の客室はオンラインで料金を出せませんでした。料金をご返信ください。",
  },
};
