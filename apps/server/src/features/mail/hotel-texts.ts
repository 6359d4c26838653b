// The lines of the mails a hotel receives about its reservations (the new reservation, each change, a cancellation
// by the agency or the staff), one typed entry per language like texts.ts: they read the hotel's mail language.
import {
  type HotelMailLanguage,
  hotelMailLanguageOf,
} from "@alloggio/domain/contract/property/property-file";
import { languageOfText } from "@alloggio/domain/i18n/languages";
import type { ChangeTextKey } from "./change-texts";

export type HotelNoticeTexts = {
  subject: (code: string, arrival: string, departure: string, booker: string) => string;
  heading: string;
  stay: string;
  guestNote: string;
  intro: (hotel: string) => string;
  changeIntro: (hotel: string) => string;
  booker: string;
  alternativeEmail: string;
  country: string;
  taxCode: string;
  invoice: string;
  vat: string;
  sdi: string;
  promoCode: string;
  viewReservation: string;
  agency: string;
  agencyReference: string;
  agencyContact: string;
  commission: string;
  commissionOf: (amount: string, percent: string) => string;
  netRate: string;
};

/** The installment notice goes to the guest only. */
export type HotelChangeKey = Exclude<ChangeTextKey, "installment_notice">;

/** The hotel's notice of a change: its subject (with the guest's name), heading and first line. */
export type HotelChangeTexts = {
  subject: Record<HotelChangeKey, (code: string, guest: string) => string>;
  heading: Record<HotelChangeKey, string>;
  lead: Record<HotelChangeKey, string>;
};

type CancelKey = "cancelled" | "room_cancelled";
/** The hotel's notice of a cancellation the agency or the hotel's own staff made. */
export type HotelCancelledByTexts = Record<
  "agency" | "property",
  {
    subject: Record<CancelKey, (code: string, guest: string) => string>;
    heading: Record<CancelKey, string>;
    lead: Record<CancelKey, (name: string) => string>;
  }
>;

type HotelTexts = { notice: HotelNoticeTexts; change: HotelChangeTexts; cancelledBy: HotelCancelledByTexts };

const en: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `New reservation ${code}: ${arrival} – ${departure}, ${booker}`,
    heading: "New reservation",
    stay: "Stay",
    guestNote: "Guest's note",
    intro: (hotel) => `A new reservation was made for ${hotel}.`,
    changeIntro: (hotel) => `A reservation for ${hotel} has changed; it now stands as below.`,
    booker: "Booker",
    alternativeEmail: "Alternative e-mail",
    country: "Country",
    taxCode: "Tax code",
    invoice: "Invoice data",
    vat: "VAT number",
    sdi: "SDI code",
    promoCode: "Promo code",
    viewReservation: "Open the voucher",
    agency: "Booked by the agency",
    agencyReference: "Agency's reference",
    agencyContact: "Agency contact",
    commission: "Commission",
    commissionOf: (amount, percent) => `${amount} (${percent} % of the room price)`,
    netRate: "Net rate: no commission",
  },
  change: {
    heading: {
      room_cancelled: "Room cancelled",
      cancelled: "Reservation cancelled by the guest",
      modified: "Reservation changed",
      payment_received: "Payment received",
      payment_authorised: "Card authorised",
      payment_requested: "Payment link sent",
      transfer_updated: "Transfer details updated",
      installments_activated: "Installments activated",
      option_confirmed: "Option confirmed",
      option_expired: "Option expired",
      bank_transfer_overdue: "Bank transfer overdue: reservation cancelled",
      resale_listed: "Room put up for resale",
      resale_sold: "Resale nights sold",
      resale_expired: "Resale closed unsold",
    },
    subject: {
      room_cancelled: (c, g) => `Room cancelled in reservation ${c} – ${g}`,
      cancelled: (c, g) => `Reservation ${c} cancelled by the guest – ${g}`,
      modified: (c, g) => `Reservation ${c} changed – ${g}`,
      payment_received: (c, g) => `Payment received for reservation ${c} – ${g}`,
      payment_authorised: (c, g) => `Card authorised for reservation ${c} – ${g}`,
      payment_requested: (c, g) => `Payment link sent for reservation ${c} – ${g}`,
      transfer_updated: (c, g) => `Transfer details updated in reservation ${c} – ${g}`,
      installments_activated: (c, g) => `Installments activated for reservation ${c} – ${g}`,
      option_confirmed: (c, g) => `Option ${c} confirmed – ${g}`,
      option_expired: (c, g) => `Option ${c} expired and cancelled – ${g}`,
      bank_transfer_overdue: (c, g) => `Reservation ${c} cancelled: bank transfer overdue – ${g}`,
      resale_listed: (c, g) => `Room of reservation ${c} put up for resale – ${g}`,
      resale_sold: (c, g) => `Nights of reservation ${c} resold – ${g}`,
      resale_expired: (c, g) => `Resale of reservation ${c} closed unsold – ${g}`,
    },
    lead: {
      room_cancelled: "The guest cancelled a room from the voucher; its nights are back on sale.",
      cancelled: "The guest cancelled the reservation from the voucher; its nights are back on sale.",
      modified: "The guest changed the reservation from the voucher.",
      payment_received: "A payment for this reservation went through the gateway.",
      payment_authorised: "The guest's card was authorised for this reservation.",
      payment_requested:
        "The guest's bank asked for the card holder's approval of the charge: the guest was mailed a payment link.",
      transfer_updated: "The guest changed the details of a transfer.",
      installments_activated:
        "The guest split what was left to pay into installments; the first was charged to the card.",
      option_confirmed: "The option was confirmed: it is now a confirmed reservation.",
      option_expired: "The option was not confirmed in time: it expired and its nights are back on sale.",
      bank_transfer_overdue:
        "The bank transfer did not arrive by its deadline: the reservation was cancelled and its nights are back on sale.",
      resale_listed:
        "The guest put a room of a resellable rate up for resale: its nights are on sale again, sold before your own free rooms.",
      resale_sold:
        "Another booking took nights the guest had put up for resale; the guest is refunded what they recovered, less the resale fee.",
      resale_expired:
        "Nobody booked the nights put up for resale before the deadline: the guest keeps them, nothing changes.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Reservation ${c} cancelled by the agency – ${g}`,
        room_cancelled: (c, g) => `Room cancelled by the agency in reservation ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reservation cancelled by the agency",
        room_cancelled: "Room cancelled by the agency",
      },
      lead: {
        cancelled: (name) =>
          `The agency ${name} cancelled the reservation in its agency area; its nights are back on sale.`,
        room_cancelled: (name) =>
          `The agency ${name} cancelled a room in its agency area; its nights are back on sale.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Reservation ${c} cancelled by the hotel – ${g}`,
        room_cancelled: (c, g) => `Room cancelled by the hotel in reservation ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reservation cancelled by the hotel",
        room_cancelled: "Room cancelled by the hotel",
      },
      lead: {
        cancelled: (name) =>
          `${name} cancelled the reservation in the back office; its nights are back on sale.`,
        room_cancelled: (name) => `${name} cancelled a room in the back office; its nights are back on sale.`,
      },
    },
  },
};

const it: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `Nuova prenotazione ${code}: ${arrival} – ${departure}, ${booker}`,
    heading: "Nuova prenotazione",
    stay: "Soggiorno",
    guestNote: "Nota dell'ospite",
    intro: (hotel) => `È stata effettuata una nuova prenotazione per ${hotel}.`,
    changeIntro: (hotel) => `Una prenotazione di ${hotel} è cambiata; ora è come indicato sotto.`,
    booker: "Prenotante",
    alternativeEmail: "E-mail alternativa",
    country: "Paese",
    taxCode: "Codice fiscale",
    invoice: "Dati di fatturazione",
    vat: "Partita IVA",
    sdi: "Codice SDI",
    promoCode: "Codice promozionale",
    viewReservation: "Apri il voucher",
    agency: "Prenotata dall'agenzia",
    agencyReference: "Riferimento dell'agenzia",
    agencyContact: "Contatto dell'agenzia",
    commission: "Commissione",
    commissionOf: (amount, percent) => `${amount} (${percent} % del prezzo della camera)`,
    netRate: "Tariffa netta: nessuna commissione",
  },
  change: {
    heading: {
      room_cancelled: "Camera cancellata",
      cancelled: "Prenotazione cancellata dall'ospite",
      modified: "Prenotazione modificata",
      payment_received: "Pagamento ricevuto",
      payment_authorised: "Carta autorizzata",
      payment_requested: "Link di pagamento inviato",
      transfer_updated: "Dati del transfer aggiornati",
      installments_activated: "Rate attivate",
      option_confirmed: "Opzione confermata",
      option_expired: "Opzione scaduta",
      bank_transfer_overdue: "Bonifico non arrivato: prenotazione cancellata",
      resale_listed: "Camera messa in rivendita",
      resale_sold: "Notti in rivendita vendute",
      resale_expired: "Rivendita chiusa senza vendite",
    },
    subject: {
      room_cancelled: (c, g) => `Camera cancellata nella prenotazione ${c} – ${g}`,
      cancelled: (c, g) => `Prenotazione ${c} cancellata dall'ospite – ${g}`,
      modified: (c, g) => `Prenotazione ${c} modificata – ${g}`,
      payment_received: (c, g) => `Pagamento ricevuto per la prenotazione ${c} – ${g}`,
      payment_authorised: (c, g) => `Carta autorizzata per la prenotazione ${c} – ${g}`,
      payment_requested: (c, g) => `Link di pagamento inviato per la prenotazione ${c} – ${g}`,
      transfer_updated: (c, g) => `Dati del transfer aggiornati nella prenotazione ${c} – ${g}`,
      installments_activated: (c, g) => `Rate attivate per la prenotazione ${c} – ${g}`,
      option_confirmed: (c, g) => `Opzione ${c} confermata – ${g}`,
      option_expired: (c, g) => `Opzione ${c} scaduta e cancellata – ${g}`,
      bank_transfer_overdue: (c, g) => `Prenotazione ${c} cancellata: bonifico non arrivato – ${g}`,
      resale_listed: (c, g) => `Camera della prenotazione ${c} messa in rivendita – ${g}`,
      resale_sold: (c, g) => `Notti della prenotazione ${c} rivendute – ${g}`,
      resale_expired: (c, g) => `Rivendita della prenotazione ${c} chiusa senza vendite – ${g}`,
    },
    lead: {
      room_cancelled: "L'ospite ha cancellato una camera dal voucher; le sue notti sono di nuovo in vendita.",
      cancelled: "L'ospite ha cancellato la prenotazione dal voucher; le sue notti sono di nuovo in vendita.",
      modified: "L'ospite ha modificato la prenotazione dal voucher.",
      payment_received: "Un pagamento per questa prenotazione è passato dal gateway.",
      payment_authorised: "La carta dell'ospite è stata autorizzata per questa prenotazione.",
      payment_requested:
        "La banca dell'ospite ha chiesto l'approvazione del titolare della carta: all'ospite è stato inviato un link di pagamento.",
      transfer_updated: "L'ospite ha modificato i dati di un transfer.",
      installments_activated:
        "L'ospite ha diviso in rate quanto restava da pagare; la prima è stata addebitata sulla carta.",
      option_confirmed: "L'opzione è stata confermata: ora è una prenotazione confermata.",
      option_expired:
        "L'opzione non è stata confermata in tempo: è scaduta e le sue notti sono di nuovo in vendita.",
      bank_transfer_overdue:
        "Il bonifico non è arrivato entro la scadenza: la prenotazione è stata cancellata e le sue notti sono di nuovo in vendita.",
      resale_listed:
        "L'ospite ha messo in rivendita una camera di una tariffa rivendibile: le sue notti sono di nuovo in vendita, prima delle vostre camere libere.",
      resale_sold:
        "Un'altra prenotazione ha preso notti che l'ospite aveva messo in rivendita; all'ospite viene rimborsato quanto recuperato, meno la commissione di rivendita.",
      resale_expired:
        "Nessuno ha prenotato le notti in rivendita prima della scadenza: l'ospite le mantiene, non cambia nulla.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Prenotazione ${c} cancellata dall'agenzia – ${g}`,
        room_cancelled: (c, g) => `Camera cancellata dall'agenzia nella prenotazione ${c} – ${g}`,
      },
      heading: {
        cancelled: "Prenotazione cancellata dall'agenzia",
        room_cancelled: "Camera cancellata dall'agenzia",
      },
      lead: {
        cancelled: (name) =>
          `L'agenzia ${name} ha cancellato la prenotazione dalla sua area agenzie; le sue notti sono di nuovo in vendita.`,
        room_cancelled: (name) =>
          `L'agenzia ${name} ha cancellato una camera dalla sua area agenzie; le sue notti sono di nuovo in vendita.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Prenotazione ${c} cancellata dall'hotel – ${g}`,
        room_cancelled: (c, g) => `Camera cancellata dall'hotel nella prenotazione ${c} – ${g}`,
      },
      heading: {
        cancelled: "Prenotazione cancellata dall'hotel",
        room_cancelled: "Camera cancellata dall'hotel",
      },
      lead: {
        cancelled: (name) =>
          `${name} ha cancellato la prenotazione nel back office; le sue notti sono di nuovo in vendita.`,
        room_cancelled: (name) =>
          `${name} ha cancellato una camera nel back office; le sue notti sono di nuovo in vendita.`,
      },
    },
  },
};

const de: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `Neue Buchung ${code}: ${arrival} – ${departure}, ${booker}`,
    heading: "Neue Buchung",
    stay: "Aufenthalt",
    guestNote: "Anmerkung des Gastes",
    intro: (hotel) => `Für ${hotel} ist eine neue Buchung eingegangen.`,
    changeIntro: (hotel) => `Eine Buchung für ${hotel} wurde geändert; sie lautet jetzt wie unten.`,
    booker: "Buchende Person",
    alternativeEmail: "Weitere E-Mail",
    country: "Land",
    taxCode: "Steuernummer",
    invoice: "Rechnungsdaten",
    vat: "USt-IdNr.",
    sdi: "SDI-Code",
    promoCode: "Aktionscode",
    viewReservation: "Voucher öffnen",
    agency: "Gebucht von der Agentur",
    agencyReference: "Referenz der Agentur",
    agencyContact: "Kontakt der Agentur",
    commission: "Provision",
    commissionOf: (amount, percent) => `${amount} (${percent} % des Zimmerpreises)`,
    netRate: "Nettorate: keine Provision",
  },
  change: {
    heading: {
      room_cancelled: "Zimmer storniert",
      cancelled: "Buchung vom Gast storniert",
      modified: "Buchung geändert",
      payment_received: "Zahlung eingegangen",
      payment_authorised: "Karte autorisiert",
      payment_requested: "Zahlungslink gesendet",
      transfer_updated: "Transferdaten geändert",
      installments_activated: "Ratenzahlung aktiviert",
      option_confirmed: "Option bestätigt",
      option_expired: "Option abgelaufen",
      bank_transfer_overdue: "Überweisung nicht eingegangen: Buchung storniert",
      resale_listed: "Zimmer zum Weiterverkauf angeboten",
      resale_sold: "Nächte aus dem Weiterverkauf verkauft",
      resale_expired: "Weiterverkauf ohne Verkauf beendet",
    },
    subject: {
      room_cancelled: (c, g) => `Zimmer in Buchung ${c} storniert – ${g}`,
      cancelled: (c, g) => `Buchung ${c} vom Gast storniert – ${g}`,
      modified: (c, g) => `Buchung ${c} geändert – ${g}`,
      payment_received: (c, g) => `Zahlung für Buchung ${c} eingegangen – ${g}`,
      payment_authorised: (c, g) => `Karte für Buchung ${c} autorisiert – ${g}`,
      payment_requested: (c, g) => `Zahlungslink für Buchung ${c} gesendet – ${g}`,
      transfer_updated: (c, g) => `Transferdaten in Buchung ${c} geändert – ${g}`,
      installments_activated: (c, g) => `Ratenzahlung für Buchung ${c} aktiviert – ${g}`,
      option_confirmed: (c, g) => `Option ${c} bestätigt – ${g}`,
      option_expired: (c, g) => `Option ${c} abgelaufen und storniert – ${g}`,
      bank_transfer_overdue: (c, g) => `Buchung ${c} storniert: Überweisung nicht eingegangen – ${g}`,
      resale_listed: (c, g) => `Zimmer der Reservierung ${c} zum Weiterverkauf angeboten – ${g}`,
      resale_sold: (c, g) => `Nächte der Reservierung ${c} weiterverkauft – ${g}`,
      resale_expired: (c, g) => `Weiterverkauf der Reservierung ${c} ohne Verkauf beendet – ${g}`,
    },
    lead: {
      room_cancelled: "Der Gast hat ein Zimmer über den Voucher storniert; seine Nächte sind wieder buchbar.",
      cancelled: "Der Gast hat die Buchung über den Voucher storniert; ihre Nächte sind wieder buchbar.",
      modified: "Der Gast hat die Buchung über den Voucher geändert.",
      payment_received: "Eine Zahlung für diese Buchung ist über das Zahlungsgateway eingegangen.",
      payment_authorised: "Die Karte des Gastes wurde für diese Buchung autorisiert.",
      payment_requested:
        "Die Bank des Gastes verlangt die Bestätigung der Belastung durch den Karteninhaber: Der Gast hat einen Zahlungslink per E-Mail erhalten.",
      transfer_updated: "Der Gast hat die Daten eines Transfers geändert.",
      installments_activated:
        "Der Gast hat den offenen Betrag in Raten aufgeteilt; die erste wurde der Karte belastet.",
      option_confirmed: "Die Option wurde bestätigt: Sie ist jetzt eine bestätigte Buchung.",
      option_expired:
        "Die Option wurde nicht rechtzeitig bestätigt: Sie ist abgelaufen, ihre Nächte sind wieder buchbar.",
      bank_transfer_overdue:
        "Die Überweisung ist nicht fristgerecht eingegangen: Die Buchung wurde storniert, ihre Nächte sind wieder buchbar.",
      resale_listed:
        "Der Gast hat ein Zimmer einer weiterverkaufbaren Rate zum Weiterverkauf angeboten: Seine Nächte sind wieder im Verkauf, vor Ihren eigenen freien Zimmern.",
      resale_sold:
        "Eine andere Buchung hat Nächte übernommen, die der Gast zum Weiterverkauf angeboten hatte; der Gast erhält den Erlös abzüglich der Weiterverkaufsgebühr erstattet.",
      resale_expired:
        "Niemand hat die angebotenen Nächte vor Ablauf der Frist gebucht: Der Gast behält sie, es ändert sich nichts.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Buchung ${c} von der Agentur storniert – ${g}`,
        room_cancelled: (c, g) => `Zimmer in Buchung ${c} von der Agentur storniert – ${g}`,
      },
      heading: {
        cancelled: "Buchung von der Agentur storniert",
        room_cancelled: "Zimmer von der Agentur storniert",
      },
      lead: {
        cancelled: (name) =>
          `Die Agentur ${name} hat die Buchung in ihrem Agenturbereich storniert; ihre Nächte sind wieder buchbar.`,
        room_cancelled: (name) =>
          `Die Agentur ${name} hat ein Zimmer in ihrem Agenturbereich storniert; seine Nächte sind wieder buchbar.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Buchung ${c} vom Hotel storniert – ${g}`,
        room_cancelled: (c, g) => `Zimmer in Buchung ${c} vom Hotel storniert – ${g}`,
      },
      heading: {
        cancelled: "Buchung vom Hotel storniert",
        room_cancelled: "Zimmer vom Hotel storniert",
      },
      lead: {
        cancelled: (name) =>
          `${name} hat die Buchung im Backoffice storniert; ihre Nächte sind wieder buchbar.`,
        room_cancelled: (name) =>
          `${name} hat ein Zimmer im Backoffice storniert; seine Nächte sind wieder buchbar.`,
      },
    },
  },
};

const fr: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `Nouvelle réservation ${code} : ${arrival} – ${departure}, ${booker}`,
    heading: "Nouvelle réservation",
    stay: "Séjour",
    guestNote: "Note du client",
    intro: (hotel) => `Une nouvelle réservation a été faite pour ${hotel}.`,
    changeIntro: (hotel) =>
      `Une réservation de ${hotel} a changé ; elle se présente désormais comme ci-dessous.`,
    booker: "Réservé par",
    alternativeEmail: "Autre e-mail",
    country: "Pays",
    taxCode: "Code fiscal",
    invoice: "Données de facturation",
    vat: "Numéro de TVA",
    sdi: "Code SDI",
    promoCode: "Code promo",
    viewReservation: "Ouvrir le voucher",
    agency: "Réservé par l'agence",
    agencyReference: "Référence de l'agence",
    agencyContact: "Contact de l'agence",
    commission: "Commission",
    commissionOf: (amount, percent) => `${amount} (${percent} % du prix de la chambre)`,
    netRate: "Tarif net : sans commission",
  },
  change: {
    heading: {
      room_cancelled: "Chambre annulée",
      cancelled: "Réservation annulée par le client",
      modified: "Réservation modifiée",
      payment_received: "Paiement reçu",
      payment_authorised: "Carte autorisée",
      payment_requested: "Lien de paiement envoyé",
      transfer_updated: "Détails du transfert modifiés",
      installments_activated: "Paiement échelonné activé",
      option_confirmed: "Option confirmée",
      option_expired: "Option expirée",
      bank_transfer_overdue: "Virement non reçu : réservation annulée",
      resale_listed: "Chambre mise en revente",
      resale_sold: "Nuits en revente vendues",
      resale_expired: "Revente close sans vente",
    },
    subject: {
      room_cancelled: (c, g) => `Chambre annulée dans la réservation ${c} – ${g}`,
      cancelled: (c, g) => `Réservation ${c} annulée par le client – ${g}`,
      modified: (c, g) => `Réservation ${c} modifiée – ${g}`,
      payment_received: (c, g) => `Paiement reçu pour la réservation ${c} – ${g}`,
      payment_authorised: (c, g) => `Carte autorisée pour la réservation ${c} – ${g}`,
      payment_requested: (c, g) => `Lien de paiement envoyé pour la réservation ${c} – ${g}`,
      transfer_updated: (c, g) => `Détails du transfert modifiés dans la réservation ${c} – ${g}`,
      installments_activated: (c, g) => `Paiement échelonné activé pour la réservation ${c} – ${g}`,
      option_confirmed: (c, g) => `Option ${c} confirmée – ${g}`,
      option_expired: (c, g) => `Option ${c} expirée et annulée – ${g}`,
      bank_transfer_overdue: (c, g) => `Réservation ${c} annulée : virement non reçu – ${g}`,
      resale_listed: (c, g) => `Chambre de la réservation ${c} mise en revente – ${g}`,
      resale_sold: (c, g) => `Nuits de la réservation ${c} revendues – ${g}`,
      resale_expired: (c, g) => `Revente de la réservation ${c} close sans vente – ${g}`,
    },
    lead: {
      room_cancelled:
        "Le client a annulé une chambre depuis le voucher ; ses nuits sont de nouveau en vente.",
      cancelled: "Le client a annulé la réservation depuis le voucher ; ses nuits sont de nouveau en vente.",
      modified: "Le client a modifié la réservation depuis le voucher.",
      payment_received: "Un paiement pour cette réservation est passé par la passerelle de paiement.",
      payment_authorised: "La carte du client a été autorisée pour cette réservation.",
      payment_requested:
        "La banque du client a demandé l'approbation du titulaire de la carte : un lien de paiement a été envoyé au client.",
      transfer_updated: "Le client a modifié les détails d'un transfert.",
      installments_activated:
        "Le client a échelonné le reste à payer ; la première échéance a été débitée sur la carte.",
      option_confirmed: "L'option a été confirmée : c'est désormais une réservation confirmée.",
      option_expired:
        "L'option n'a pas été confirmée à temps : elle a expiré et ses nuits sont de nouveau en vente.",
      bank_transfer_overdue:
        "Le virement n'est pas arrivé dans le délai : la réservation a été annulée et ses nuits sont de nouveau en vente.",
      resale_listed:
        "Le client a mis en revente une chambre d'un tarif revendable : ses nuits sont de nouveau en vente, avant vos propres chambres libres.",
      resale_sold:
        "Une autre réservation a pris des nuits que le client avait mises en revente ; le client est remboursé de ce qui a été récupéré, moins les frais de revente.",
      resale_expired:
        "Personne n'a réservé les nuits mises en revente avant la date limite : le client les garde, rien ne change.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Réservation ${c} annulée par l'agence – ${g}`,
        room_cancelled: (c, g) => `Chambre annulée par l'agence dans la réservation ${c} – ${g}`,
      },
      heading: {
        cancelled: "Réservation annulée par l'agence",
        room_cancelled: "Chambre annulée par l'agence",
      },
      lead: {
        cancelled: (name) =>
          `L'agence ${name} a annulé la réservation depuis son espace agence ; ses nuits sont de nouveau en vente.`,
        room_cancelled: (name) =>
          `L'agence ${name} a annulé une chambre depuis son espace agence ; ses nuits sont de nouveau en vente.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Réservation ${c} annulée par l'hôtel – ${g}`,
        room_cancelled: (c, g) => `Chambre annulée par l'hôtel dans la réservation ${c} – ${g}`,
      },
      heading: {
        cancelled: "Réservation annulée par l'hôtel",
        room_cancelled: "Chambre annulée par l'hôtel",
      },
      lead: {
        cancelled: (name) =>
          `${name} a annulé la réservation dans le back-office ; ses nuits sont de nouveau en vente.`,
        room_cancelled: (name) =>
          `${name} a annulé une chambre dans le back-office ; ses nuits sont de nouveau en vente.`,
      },
    },
  },
};

const es: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `Nueva reserva ${code}: ${arrival} – ${departure}, ${booker}`,
    heading: "Nueva reserva",
    stay: "Estancia",
    guestNote: "Nota del huésped",
    intro: (hotel) => `Se ha hecho una nueva reserva para ${hotel}.`,
    changeIntro: (hotel) => `Una reserva de ${hotel} ha cambiado; ahora queda como se indica abajo.`,
    booker: "Titular de la reserva",
    alternativeEmail: "E-mail alternativo",
    country: "País",
    taxCode: "Código fiscal",
    invoice: "Datos de facturación",
    vat: "NIF-IVA",
    sdi: "Código SDI",
    promoCode: "Código promocional",
    viewReservation: "Abrir el bono",
    agency: "Reservada por la agencia",
    agencyReference: "Referencia de la agencia",
    agencyContact: "Contacto de la agencia",
    commission: "Comisión",
    commissionOf: (amount, percent) => `${amount} (${percent} % del precio de la habitación)`,
    netRate: "Tarifa neta: sin comisión",
  },
  change: {
    heading: {
      room_cancelled: "Habitación cancelada",
      cancelled: "Reserva cancelada por el huésped",
      modified: "Reserva modificada",
      payment_received: "Pago recibido",
      payment_authorised: "Tarjeta autorizada",
      payment_requested: "Enlace de pago enviado",
      transfer_updated: "Datos del traslado actualizados",
      installments_activated: "Pago a plazos activado",
      option_confirmed: "Opción confirmada",
      option_expired: "Opción vencida",
      bank_transfer_overdue: "Transferencia no recibida: reserva cancelada",
      resale_listed: "Habitación puesta en reventa",
      resale_sold: "Noches en reventa vendidas",
      resale_expired: "Reventa cerrada sin ventas",
    },
    subject: {
      room_cancelled: (c, g) => `Habitación cancelada en la reserva ${c} – ${g}`,
      cancelled: (c, g) => `Reserva ${c} cancelada por el huésped – ${g}`,
      modified: (c, g) => `Reserva ${c} modificada – ${g}`,
      payment_received: (c, g) => `Pago recibido para la reserva ${c} – ${g}`,
      payment_authorised: (c, g) => `Tarjeta autorizada para la reserva ${c} – ${g}`,
      payment_requested: (c, g) => `Enlace de pago enviado para la reserva ${c} – ${g}`,
      transfer_updated: (c, g) => `Datos del traslado actualizados en la reserva ${c} – ${g}`,
      installments_activated: (c, g) => `Pago a plazos activado para la reserva ${c} – ${g}`,
      option_confirmed: (c, g) => `Opción ${c} confirmada – ${g}`,
      option_expired: (c, g) => `Opción ${c} vencida y cancelada – ${g}`,
      bank_transfer_overdue: (c, g) => `Reserva ${c} cancelada: transferencia no recibida – ${g}`,
      resale_listed: (c, g) => `Habitación de la reserva ${c} puesta en reventa – ${g}`,
      resale_sold: (c, g) => `Noches de la reserva ${c} revendidas – ${g}`,
      resale_expired: (c, g) => `Reventa de la reserva ${c} cerrada sin ventas – ${g}`,
    },
    lead: {
      room_cancelled:
        "El huésped canceló una habitación desde el bono; sus noches vuelven a estar a la venta.",
      cancelled: "El huésped canceló la reserva desde el bono; sus noches vuelven a estar a la venta.",
      modified: "El huésped modificó la reserva desde el bono.",
      payment_received: "Se recibió un pago para esta reserva a través de la pasarela de pago.",
      payment_authorised: "La tarjeta del huésped se autorizó para esta reserva.",
      payment_requested:
        "El banco del huésped pidió la aprobación del titular de la tarjeta: se envió al huésped un enlace de pago.",
      transfer_updated: "El huésped cambió los datos de un traslado.",
      installments_activated:
        "El huésped dividió en plazos lo que quedaba por pagar; el primero se cargó en la tarjeta.",
      option_confirmed: "La opción se confirmó: ahora es una reserva confirmada.",
      option_expired: "La opción no se confirmó a tiempo: venció y sus noches vuelven a estar a la venta.",
      bank_transfer_overdue:
        "La transferencia no llegó en el plazo: la reserva se canceló y sus noches vuelven a estar a la venta.",
      resale_listed:
        "El huésped puso en reventa una habitación de una tarifa revendible: sus noches vuelven a estar a la venta, antes que sus propias habitaciones libres.",
      resale_sold:
        "Otra reserva tomó noches que el huésped había puesto en reventa; al huésped se le reembolsa lo recuperado, menos la comisión de reventa.",
      resale_expired:
        "Nadie reservó las noches en reventa antes del plazo: el huésped las conserva, no cambia nada.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Reserva ${c} cancelada por la agencia – ${g}`,
        room_cancelled: (c, g) => `Habitación cancelada por la agencia en la reserva ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reserva cancelada por la agencia",
        room_cancelled: "Habitación cancelada por la agencia",
      },
      lead: {
        cancelled: (name) =>
          `La agencia ${name} canceló la reserva en su área de agencias; sus noches vuelven a estar a la venta.`,
        room_cancelled: (name) =>
          `La agencia ${name} canceló una habitación en su área de agencias; sus noches vuelven a estar a la venta.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Reserva ${c} cancelada por el hotel – ${g}`,
        room_cancelled: (c, g) => `Habitación cancelada por el hotel en la reserva ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reserva cancelada por el hotel",
        room_cancelled: "Habitación cancelada por el hotel",
      },
      lead: {
        cancelled: (name) =>
          `${name} canceló la reserva en el back office; sus noches vuelven a estar a la venta.`,
        room_cancelled: (name) =>
          `${name} canceló una habitación en el back office; sus noches vuelven a estar a la venta.`,
      },
    },
  },
};

const pt: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) =>
      `Nova reserva ${code}: ${arrival} – ${departure}, ${booker}`,
    heading: "Nova reserva",
    stay: "Estadia",
    guestNote: "Nota do hóspede",
    intro: (hotel) => `Foi feita uma nova reserva para ${hotel}.`,
    changeIntro: (hotel) => `Uma reserva de ${hotel} foi alterada; está agora como indicado abaixo.`,
    booker: "Titular da reserva",
    alternativeEmail: "E-mail alternativo",
    country: "País",
    taxCode: "Número fiscal",
    invoice: "Dados de faturação",
    vat: "Número de IVA",
    sdi: "Código SDI",
    promoCode: "Código promocional",
    viewReservation: "Abrir o voucher",
    agency: "Reservada pela agência",
    agencyReference: "Referência da agência",
    agencyContact: "Contacto da agência",
    commission: "Comissão",
    commissionOf: (amount, percent) => `${amount} (${percent} % do preço do quarto)`,
    netRate: "Tarifa líquida: sem comissão",
  },
  change: {
    heading: {
      room_cancelled: "Quarto cancelado",
      cancelled: "Reserva cancelada pelo hóspede",
      modified: "Reserva alterada",
      payment_received: "Pagamento recebido",
      payment_authorised: "Cartão autorizado",
      payment_requested: "Link de pagamento enviado",
      transfer_updated: "Dados do transfer atualizados",
      installments_activated: "Pagamento em prestações ativado",
      option_confirmed: "Opção confirmada",
      option_expired: "Opção expirada",
      bank_transfer_overdue: "Transferência não recebida: reserva cancelada",
      resale_listed: "Quarto posto em revenda",
      resale_sold: "Noites em revenda vendidas",
      resale_expired: "Revenda encerrada sem vendas",
    },
    subject: {
      room_cancelled: (c, g) => `Quarto cancelado na reserva ${c} – ${g}`,
      cancelled: (c, g) => `Reserva ${c} cancelada pelo hóspede – ${g}`,
      modified: (c, g) => `Reserva ${c} alterada – ${g}`,
      payment_received: (c, g) => `Pagamento recebido para a reserva ${c} – ${g}`,
      payment_authorised: (c, g) => `Cartão autorizado para a reserva ${c} – ${g}`,
      payment_requested: (c, g) => `Link de pagamento enviado para a reserva ${c} – ${g}`,
      transfer_updated: (c, g) => `Dados do transfer atualizados na reserva ${c} – ${g}`,
      installments_activated: (c, g) => `Pagamento em prestações ativado para a reserva ${c} – ${g}`,
      option_confirmed: (c, g) => `Opção ${c} confirmada – ${g}`,
      option_expired: (c, g) => `Opção ${c} expirada e cancelada – ${g}`,
      bank_transfer_overdue: (c, g) => `Reserva ${c} cancelada: transferência não recebida – ${g}`,
      resale_listed: (c, g) => `Quarto da reserva ${c} posto em revenda – ${g}`,
      resale_sold: (c, g) => `Noites da reserva ${c} revendidas – ${g}`,
      resale_expired: (c, g) => `Revenda da reserva ${c} encerrada sem vendas – ${g}`,
    },
    lead: {
      room_cancelled:
        "O hóspede cancelou um quarto a partir do voucher; as suas noites voltam a estar à venda.",
      cancelled: "O hóspede cancelou a reserva a partir do voucher; as suas noites voltam a estar à venda.",
      modified: "O hóspede alterou a reserva a partir do voucher.",
      payment_received: "Foi recebido um pagamento para esta reserva através do gateway de pagamento.",
      payment_authorised: "O cartão do hóspede foi autorizado para esta reserva.",
      payment_requested:
        "O banco do hóspede pediu a aprovação do titular do cartão: foi enviado ao hóspede um link de pagamento.",
      transfer_updated: "O hóspede alterou os dados de um transfer.",
      installments_activated:
        "O hóspede dividiu em prestações o que faltava pagar; a primeira foi cobrada no cartão.",
      option_confirmed: "A opção foi confirmada: é agora uma reserva confirmada.",
      option_expired: "A opção não foi confirmada a tempo: expirou e as suas noites voltam a estar à venda.",
      bank_transfer_overdue:
        "A transferência não chegou dentro do prazo: a reserva foi cancelada e as suas noites voltam a estar à venda.",
      resale_listed:
        "O hóspede pôs em revenda um quarto de uma tarifa revendível: as suas noites voltaram a estar à venda, antes dos vossos quartos livres.",
      resale_sold:
        "Outra reserva ficou com noites que o hóspede tinha posto em revenda; o hóspede é reembolsado do valor recuperado, menos a taxa de revenda.",
      resale_expired:
        "Ninguém reservou as noites em revenda antes do prazo: o hóspede fica com elas, nada muda.",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `Reserva ${c} cancelada pela agência – ${g}`,
        room_cancelled: (c, g) => `Quarto cancelado pela agência na reserva ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reserva cancelada pela agência",
        room_cancelled: "Quarto cancelado pela agência",
      },
      lead: {
        cancelled: (name) =>
          `A agência ${name} cancelou a reserva na sua área de agência; as suas noites voltam a estar à venda.`,
        room_cancelled: (name) =>
          `A agência ${name} cancelou um quarto na sua área de agência; as suas noites voltam a estar à venda.`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `Reserva ${c} cancelada pelo hotel – ${g}`,
        room_cancelled: (c, g) => `Quarto cancelado pelo hotel na reserva ${c} – ${g}`,
      },
      heading: {
        cancelled: "Reserva cancelada pelo hotel",
        room_cancelled: "Quarto cancelado pelo hotel",
      },
      lead: {
        cancelled: (name) =>
          `${name} cancelou a reserva no back office; as suas noites voltam a estar à venda.`,
        room_cancelled: (name) =>
          `${name} cancelou um quarto no back office; as suas noites voltam a estar à venda.`,
      },
    },
  },
};

const zh: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) => `新预订 ${code}：${arrival} – ${departure}，${booker}`,
    heading: "新预订",
    stay: "住宿",
    guestNote: "客人留言",
    intro: (hotel) => `${hotel} 收到一笔新预订。`,
    changeIntro: (hotel) => `${hotel} 的一笔预订已变更，现状如下。`,
    booker: "预订人",
    alternativeEmail: "备用电子邮箱",
    country: "国家/地区",
    taxCode: "税号",
    invoice: "发票信息",
    vat: "增值税号",
    sdi: "SDI 代码",
    promoCode: "优惠码",
    viewReservation: "打开预订凭证",
    agency: "由旅行社预订",
    agencyReference: "旅行社参考号",
    agencyContact: "旅行社联系人",
    commission: "佣金",
    commissionOf: (amount, percent) => `${amount}（房价的 ${percent} %）`,
    netRate: "净价：无佣金",
  },
  change: {
    heading: {
      room_cancelled: "客房已取消",
      cancelled: "客人已取消预订",
      modified: "预订已变更",
      payment_received: "已收到付款",
      payment_authorised: "信用卡已授权",
      payment_requested: "已发送付款链接",
      transfer_updated: "接送信息已更新",
      installments_activated: "已启用分期付款",
      option_confirmed: "保留预订已确认",
      option_expired: "保留预订已过期",
      bank_transfer_overdue: "银行转账未到：预订已取消",
      resale_listed: "客房已挂出转售",
      resale_sold: "转售房晚已售出",
      resale_expired: "转售结束，未售出",
    },
    subject: {
      room_cancelled: (c, g) => `预订 ${c} 中的客房已取消 – ${g}`,
      cancelled: (c, g) => `预订 ${c} 已被客人取消 – ${g}`,
      modified: (c, g) => `预订 ${c} 已变更 – ${g}`,
      payment_received: (c, g) => `已收到预订 ${c} 的付款 – ${g}`,
      payment_authorised: (c, g) => `预订 ${c} 的信用卡已授权 – ${g}`,
      payment_requested: (c, g) => `已发送预订 ${c} 的付款链接 – ${g}`,
      transfer_updated: (c, g) => `预订 ${c} 的接送信息已更新 – ${g}`,
      installments_activated: (c, g) => `预订 ${c} 已启用分期付款 – ${g}`,
      option_confirmed: (c, g) => `保留预订 ${c} 已确认 – ${g}`,
      option_expired: (c, g) => `保留预订 ${c} 已过期并取消 – ${g}`,
      bank_transfer_overdue: (c, g) => `预订 ${c} 已取消：银行转账未到 – ${g}`,
      resale_listed: (c, g) => `预订 ${c} 的客房已挂出转售 – ${g}`,
      resale_sold: (c, g) => `预订 ${c} 的房晚已转售 – ${g}`,
      resale_expired: (c, g) => `预订 ${c} 的转售已结束，未售出 – ${g}`,
    },
    lead: {
      room_cancelled: "客人通过预订凭证取消了一间客房，其房晚已重新开放销售。",
      cancelled: "客人通过预订凭证取消了预订，其房晚已重新开放销售。",
      modified: "客人通过预订凭证变更了预订。",
      payment_received: "已通过支付网关收到此预订的一笔付款。",
      payment_authorised: "客人的信用卡已为此预订授权。",
      payment_requested: "客人的银行要求持卡人确认此笔收费：已通过邮件向客人发送付款链接。",
      transfer_updated: "客人更改了接送信息。",
      installments_activated: "客人将剩余应付款分期支付，第一期已从信用卡扣款。",
      option_confirmed: "保留预订已确认，现为已确认的预订。",
      option_expired: "保留预订未按时确认，已过期，其房晚已重新开放销售。",
      bank_transfer_overdue: "银行转账未在期限内到账：预订已取消，其房晚已重新开放销售。",
      resale_listed: "客人将可转售价格的一间客房挂出转售：其房晚重新开放销售，并优先于酒店自有的空房售出。",
      resale_sold: "另一笔预订购买了客人挂出转售的房晚；客人将获退还转售所得，扣除转售手续费。",
      resale_expired: "截止前无人预订挂出转售的房晚：客人保留这些房晚，预订不变。",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `预订 ${c} 已被旅行社取消 – ${g}`,
        room_cancelled: (c, g) => `旅行社取消了预订 ${c} 中的客房 – ${g}`,
      },
      heading: {
        cancelled: "旅行社已取消预订",
        room_cancelled: "旅行社已取消客房",
      },
      lead: {
        cancelled: (name) => `旅行社 ${name} 在其旅行社专区取消了预订，其房晚已重新开放销售。`,
        room_cancelled: (name) => `旅行社 ${name} 在其旅行社专区取消了一间客房，其房晚已重新开放销售。`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `预订 ${c} 已被酒店取消 – ${g}`,
        room_cancelled: (c, g) => `酒店取消了预订 ${c} 中的客房 – ${g}`,
      },
      heading: {
        cancelled: "酒店已取消预订",
        room_cancelled: "酒店已取消客房",
      },
      lead: {
        cancelled: (name) => `${name} 在后台取消了预订，其房晚已重新开放销售。`,
        room_cancelled: (name) => `${name} 在后台取消了一间客房，其房晚已重新开放销售。`,
      },
    },
  },
};

const ja: HotelTexts = {
  notice: {
    subject: (code, arrival, departure, booker) => `新規予約 ${code}：${arrival} – ${departure}、${booker}`,
    heading: "新規予約",
    stay: "ご滞在",
    guestNote: "ゲストからのメモ",
    intro: (hotel) => `${hotel} に新しい予約が入りました。`,
    changeIntro: (hotel) => `${hotel} の予約が変更されました。現在の内容は以下のとおりです。`,
    booker: "予約者",
    alternativeEmail: "予備のメールアドレス",
    country: "国",
    taxCode: "納税者番号",
    invoice: "請求書情報",
    vat: "VAT番号",
    sdi: "SDIコード",
    promoCode: "プロモーションコード",
    viewReservation: "予約確認書を開く",
    agency: "旅行会社による予約",
    agencyReference: "旅行会社の参照番号",
    agencyContact: "旅行会社の連絡先",
    commission: "手数料",
    commissionOf: (amount, percent) => `${amount}（客室料金の ${percent} %）`,
    netRate: "ネット料金：手数料なし",
  },
  change: {
    heading: {
      room_cancelled: "客室のキャンセル",
      cancelled: "ゲストによる予約のキャンセル",
      modified: "予約の変更",
      payment_received: "支払いを受領",
      payment_authorised: "カードのオーソリ完了",
      payment_requested: "支払いリンクを送信",
      transfer_updated: "送迎情報の更新",
      installments_activated: "分割払いの開始",
      option_confirmed: "仮予約の確定",
      option_expired: "仮予約の期限切れ",
      bank_transfer_overdue: "銀行振込の未着：予約をキャンセル",
      resale_listed: "客室が再販に出されました",
      resale_sold: "再販の泊が売れました",
      resale_expired: "再販は売れずに終了しました",
    },
    subject: {
      room_cancelled: (c, g) => `予約 ${c} の客室がキャンセルされました – ${g}`,
      cancelled: (c, g) => `予約 ${c} がゲストによりキャンセルされました – ${g}`,
      modified: (c, g) => `予約 ${c} が変更されました – ${g}`,
      payment_received: (c, g) => `予約 ${c} の支払いを受領しました – ${g}`,
      payment_authorised: (c, g) => `予約 ${c} のカードがオーソリされました – ${g}`,
      payment_requested: (c, g) => `予約 ${c} の支払いリンクを送信しました – ${g}`,
      transfer_updated: (c, g) => `予約 ${c} の送迎情報が更新されました – ${g}`,
      installments_activated: (c, g) => `予約 ${c} の分割払いが開始されました – ${g}`,
      option_confirmed: (c, g) => `仮予約 ${c} が確定しました – ${g}`,
      option_expired: (c, g) => `仮予約 ${c} は期限切れでキャンセルされました – ${g}`,
      bank_transfer_overdue: (c, g) => `予約 ${c} をキャンセル：銀行振込の未着 – ${g}`,
      resale_listed: (c, g) => `予約 ${c} の客室が再販に出されました – ${g}`,
      resale_sold: (c, g) => `予約 ${c} の泊が再販されました – ${g}`,
      resale_expired: (c, g) => `予約 ${c} の再販は売れずに終了しました – ${g}`,
    },
    lead: {
      room_cancelled: "ゲストが予約確認書から客室を1室キャンセルしました。その泊数は再び販売可能です。",
      cancelled: "ゲストが予約確認書から予約をキャンセルしました。その泊数は再び販売可能です。",
      modified: "ゲストが予約確認書から予約を変更しました。",
      payment_received: "この予約の支払いが決済ゲートウェイで処理されました。",
      payment_authorised: "この予約のためにゲストのカードがオーソリされました。",
      payment_requested:
        "ゲストのカード会社がカード所有者による承認を求めたため、ゲストに支払いリンクをメールで送信しました。",
      transfer_updated: "ゲストが送迎の情報を変更しました。",
      installments_activated: "ゲストが残額を分割払いにしました。1回目はカードに請求されました。",
      option_confirmed: "仮予約が確定し、確定済みの予約になりました。",
      option_expired: "仮予約が期限内に確定されず失効しました。その泊数は再び販売可能です。",
      bank_transfer_overdue:
        "銀行振込が期限までに届かなかったため、予約はキャンセルされました。その泊数は再び販売可能です。",
      resale_listed:
        "ゲストが再販可能な料金の客室を再販に出しました。その泊は再び販売され、ホテル自身の空室より先に売れます。",
      resale_sold:
        "別の予約がゲストの再販に出した泊を予約しました。ゲストには回収額から再販手数料を差し引いた額が返金されます。",
      resale_expired:
        "締め切りまでに再販の泊の予約はありませんでした。ゲストはその泊をそのまま保持し、変更はありません。",
    },
  },
  cancelledBy: {
    agency: {
      subject: {
        cancelled: (c, g) => `予約 ${c} が旅行会社によりキャンセルされました – ${g}`,
        room_cancelled: (c, g) => `予約 ${c} の客室が旅行会社によりキャンセルされました – ${g}`,
      },
      heading: {
        cancelled: "旅行会社による予約のキャンセル",
        room_cancelled: "旅行会社による客室のキャンセル",
      },
      lead: {
        cancelled: (name) =>
          `旅行会社 ${name} が旅行会社エリアで予約をキャンセルしました。その泊数は再び販売可能です。`,
        room_cancelled: (name) =>
          `旅行会社 ${name} が旅行会社エリアで客室を1室キャンセルしました。その泊数は再び販売可能です。`,
      },
    },
    property: {
      subject: {
        cancelled: (c, g) => `予約 ${c} がホテルによりキャンセルされました – ${g}`,
        room_cancelled: (c, g) => `予約 ${c} の客室がホテルによりキャンセルされました – ${g}`,
      },
      heading: {
        cancelled: "ホテルによる予約のキャンセル",
        room_cancelled: "ホテルによる客室のキャンセル",
      },
      lead: {
        cancelled: (name) => `${name} が管理画面で予約をキャンセルしました。その泊数は再び販売可能です。`,
        room_cancelled: (name) =>
          `${name} が管理画面で客室を1室キャンセルしました。その泊数は再び販売可能です。`,
      },
    },
  },
};

const HOTEL_TEXTS: Record<HotelMailLanguage, HotelTexts> = { en, it, de, fr, es, pt, zh, ja };

/** What a hotel's mail is written in: the language id (mail texts, money), the hotel's own lines. */
export type HotelMailLanguageTexts = HotelTexts & { languageId: number; code: HotelMailLanguage };

/** The hotel's lines in its mail language, from the code or from `settings` (`settings.mailLanguage`). */
export function hotelTextsFor(
  language: HotelMailLanguage | Record<string, unknown> | null | undefined,
): HotelMailLanguageTexts {
  const code = typeof language === "string" ? language : hotelMailLanguageOf(language);
  return { ...HOTEL_TEXTS[code], languageId: languageOfText(code).id, code };
}
