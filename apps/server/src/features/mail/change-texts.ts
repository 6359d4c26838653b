// The lines of the change mails (what happened to a reservation after it was booked) and of the installment
// notice, one typed entry per language like texts.ts: a missing key does not compile.
import type { MailTextCode } from "./texts";

/** What a change mail's subject, heading and first lines name (`payment_authorised`: a payment on the card guarantee). */
export type ChangeTextKey =
  | "room_cancelled"
  | "cancelled"
  | "modified"
  | "payment_received"
  | "payment_authorised"
  | "payment_requested"
  | "transfer_updated"
  | "installments_activated"
  | "option_confirmed"
  | "option_expired"
  | "bank_transfer_overdue"
  | "installment_notice"
  | "resale_listed"
  | "resale_sold"
  | "resale_expired";

export type ChangeTexts = {
  subject: Record<ChangeTextKey, (code: string, hotel: string) => string>;
  heading: Record<ChangeTextKey, string>;
  lead: Record<ChangeTextKey, string>;
  whatChanged: string;
  cancelledRoom: string;
  penalty: string;
  noPenalty: string;
  refund: string;
  refundNote: string;
  stillToPay: string;
  newTotal: string;
  previousTotal: string;
  difference: string;
  before: string;
  now: string;
  servicesAdded: string;
  payNow: string;
  payNowNote: string;
  amountReceived: string;
  amountAuthorised: string;
  detail: string;
  transferTime: string;
  transferPlace: string;
  transferNumber: string;
  transferNote: string;
  installmentPlan: string;
  installment: string;
  chargeDate: string;
  installmentsNote: (days: number) => string;
  noticeText: (amount: string, date: string) => string;
  noticeButton: string;
  resaleRoom: string;
  resaleUntil: string;
  resaleFee: string;
  resaleNote: string;
  resoldNights: string;
  recovered: string;
  resaleDueNote: string;
};

const en: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `A room of your reservation ${c} has been cancelled – ${h}`,
    cancelled: (c, h) => `Reservation ${c} cancelled – ${h}`,
    modified: (c, h) => `Your reservation ${c} has changed – ${h}`,
    payment_received: (c, h) => `Payment received for your reservation ${c} – ${h}`,
    payment_authorised: (c, h) => `Card authorised for your reservation ${c} – ${h}`,
    payment_requested: (c, h) => `Payment requested for your reservation ${c} – ${h}`,
    transfer_updated: (c, h) => `Transfer details updated for your reservation ${c} – ${h}`,
    installments_activated: (c, h) => `Installments activated for your reservation ${c} – ${h}`,
    option_confirmed: (c, h) => `Your option ${c} is confirmed – ${h}`,
    option_expired: (c, h) => `Your option ${c} has expired – ${h}`,
    bank_transfer_overdue: (c, h) => `Reservation ${c} cancelled: bank transfer not received – ${h}`,
    installment_notice: (c, h) => `Your next installment for reservation ${c} – ${h}`,
    resale_listed: (c, h) => `Your room is up for resale – reservation ${c} – ${h}`,
    resale_sold: (c, h) => `Nights of your reservation ${c} were resold – ${h}`,
    resale_expired: (c, h) => `Your room was not resold – reservation ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "A room has been cancelled",
    cancelled: "Your reservation has been cancelled",
    modified: "Your reservation has changed",
    payment_received: "We have received your payment",
    payment_authorised: "Your card has been authorised",
    payment_requested: "Please approve a payment",
    transfer_updated: "Your transfer details have been updated",
    installments_activated: "Your installments are active",
    option_confirmed: "Your option is confirmed",
    option_expired: "Your option has expired",
    bank_transfer_overdue: "Your reservation has been cancelled",
    installment_notice: "Your next installment is coming up",
    resale_listed: "Your room is up for resale",
    resale_sold: "Nights of your stay were resold",
    resale_expired: "Your room was not resold",
  },
  lead: {
    room_cancelled:
      "As you asked, a room of your reservation has been cancelled. The rest of your reservation stays as it is.",
    cancelled: "As you asked, your reservation has been cancelled.",
    modified:
      "As you asked, your reservation has been changed. Here is what changed, then your reservation as it now stands.",
    payment_received: "Thank you: we have received your payment.",
    payment_authorised: "Thank you: your card has been authorised for your reservation.",
    payment_requested:
      "The hotel has charged your card for this reservation and your bank asks you to approve the payment: please complete it with the payment link below.",
    transfer_updated: "The details of your transfer have been updated.",
    installments_activated:
      "What is left to pay is now split into installments; the first has been charged to your card.",
    option_confirmed: "The option is now a confirmed reservation.",
    option_expired:
      "Your option was not confirmed in time: it has expired, the reservation has been cancelled and the rooms are no longer held for you. Nothing has been charged.",
    bank_transfer_overdue:
      "We did not receive your bank transfer by its deadline, so your reservation has been cancelled and the rooms are no longer held for you.",
    installment_notice: "The next installment of your reservation will be charged soon.",
    resale_listed:
      "As you asked, your room is back on sale. Each night another guest books is refunded to you, less the resale fee.",
    resale_sold: "Another guest booked nights you put up for resale: here is your refund.",
    resale_expired:
      "Nobody booked your nights before the resale closed. Nothing changes: your reservation stays as it is.",
  },
  whatChanged: "What changed",
  cancelledRoom: "Cancelled room",
  penalty: "Cancellation fee",
  noPenalty: "None: the cancellation is free of charge",
  refund: "Refund",
  refundNote: "The refund goes back to the card you paid with; your bank may take a few days to show it.",
  stillToPay: "Still to pay",
  newTotal: "New total",
  previousTotal: "Total before the change",
  difference: "Difference",
  before: "Before",
  now: "Now",
  servicesAdded: "Services added",
  payNow: "To pay now",
  payNowNote: "Pay the difference from your reservation page (the button above).",
  amountReceived: "Amount received",
  amountAuthorised: "Amount authorised",
  detail: "Detail",
  transferTime: "Arrival time",
  transferPlace: "Place code",
  transferNumber: "Flight, train or boat number",
  transferNote: "Note for the driver",
  installmentPlan: "Installment plan",
  installment: "Installment",
  chargeDate: "Charge date",
  installmentsNote: (days) =>
    `We will e-mail you ${days} days before each further charge; you pay it from your reservation page.`,
  noticeText: (amount, date) =>
    `Your installment of ${amount} is charged on ${date}. Activate it from your reservation page, where you pay it by card.`,
  noticeButton: "Pay the installment",
  resaleRoom: "Room up for resale",
  resaleUntil: "Resale until",
  resaleFee: "Resale fee",
  resaleNote: "If nobody books your nights by then, nothing changes: your reservation stays as it is.",
  resoldNights: "Nights resold",
  recovered: "Recovered",
  resaleDueNote: "The refund lowers what you still have to pay.",
};

const it: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `Una camera della tua prenotazione ${c} è stata cancellata – ${h}`,
    cancelled: (c, h) => `Prenotazione ${c} cancellata – ${h}`,
    modified: (c, h) => `La tua prenotazione ${c} è stata modificata – ${h}`,
    payment_received: (c, h) => `Pagamento ricevuto per la tua prenotazione ${c} – ${h}`,
    payment_authorised: (c, h) => `Carta autorizzata per la tua prenotazione ${c} – ${h}`,
    payment_requested: (c, h) => `Pagamento richiesto per la tua prenotazione ${c} – ${h}`,
    transfer_updated: (c, h) => `Dati del transfer aggiornati per la tua prenotazione ${c} – ${h}`,
    installments_activated: (c, h) => `Pagamento a rate attivato per la tua prenotazione ${c} – ${h}`,
    option_confirmed: (c, h) => `La tua opzione ${c} è confermata – ${h}`,
    option_expired: (c, h) => `La tua opzione ${c} è scaduta – ${h}`,
    bank_transfer_overdue: (c, h) => `Prenotazione ${c} cancellata: bonifico non ricevuto – ${h}`,
    installment_notice: (c, h) => `La prossima rata della tua prenotazione ${c} – ${h}`,
    resale_listed: (c, h) => `La tua camera è in rivendita – prenotazione ${c} – ${h}`,
    resale_sold: (c, h) => `Notti della tua prenotazione ${c} rivendute – ${h}`,
    resale_expired: (c, h) => `La tua camera non è stata rivenduta – prenotazione ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "Una camera è stata cancellata",
    cancelled: "La tua prenotazione è stata cancellata",
    modified: "La tua prenotazione è stata modificata",
    payment_received: "Abbiamo ricevuto il tuo pagamento",
    payment_authorised: "La tua carta è stata autorizzata",
    payment_requested: "Conferma un pagamento",
    transfer_updated: "I dati del tuo transfer sono stati aggiornati",
    installments_activated: "Il pagamento a rate è attivo",
    option_confirmed: "La tua opzione è confermata",
    option_expired: "La tua opzione è scaduta",
    bank_transfer_overdue: "La tua prenotazione è stata cancellata",
    installment_notice: "La prossima rata è in arrivo",
    resale_listed: "La tua camera è in rivendita",
    resale_sold: "Notti del tuo soggiorno rivendute",
    resale_expired: "La tua camera non è stata rivenduta",
  },
  lead: {
    room_cancelled:
      "Come richiesto, una camera della tua prenotazione è stata cancellata. Il resto della prenotazione resta invariato.",
    cancelled: "Come richiesto, la tua prenotazione è stata cancellata.",
    modified:
      "Come richiesto, la tua prenotazione è stata modificata. Ecco cosa è cambiato e, a seguire, la prenotazione com'è ora.",
    payment_received: "Grazie: abbiamo ricevuto il tuo pagamento.",
    payment_authorised: "Grazie: la tua carta è stata autorizzata per la prenotazione.",
    payment_requested:
      "L'hotel ha addebitato la tua carta per questa prenotazione e la tua banca chiede di approvare il pagamento: completalo con il link di pagamento qui sotto.",
    transfer_updated: "I dati del tuo transfer sono stati aggiornati.",
    installments_activated:
      "L'importo ancora da pagare è ora suddiviso in rate; la prima è stata addebitata sulla tua carta.",
    option_confirmed: "L'opzione è ora una prenotazione confermata.",
    option_expired:
      "La tua opzione non è stata confermata in tempo: è scaduta, la prenotazione è stata cancellata e le camere non sono più riservate per te. Non è stato addebitato nulla.",
    bank_transfer_overdue:
      "Non abbiamo ricevuto il tuo bonifico entro la scadenza: la prenotazione è stata cancellata e le camere non sono più riservate per te.",
    installment_notice: "La prossima rata della tua prenotazione sarà addebitata a breve.",
    resale_listed:
      "Come richiesto, la tua camera è di nuovo in vendita. Ogni notte prenotata da un altro ospite ti viene rimborsata, meno la commissione di rivendita.",
    resale_sold: "Un altro ospite ha prenotato notti che avevi messo in rivendita: ecco il tuo rimborso.",
    resale_expired:
      "Nessuno ha prenotato le tue notti prima della chiusura della rivendita. Non cambia nulla: la tua prenotazione resta com’è.",
  },
  whatChanged: "Cosa è cambiato",
  cancelledRoom: "Camera cancellata",
  penalty: "Penale di cancellazione",
  noPenalty: "Nessuna: la cancellazione è gratuita",
  refund: "Rimborso",
  refundNote:
    "Il rimborso torna sulla carta con cui hai pagato; la tua banca potrebbe impiegare alcuni giorni per mostrarlo.",
  stillToPay: "Ancora da pagare",
  newTotal: "Nuovo totale",
  previousTotal: "Totale prima della modifica",
  difference: "Differenza",
  before: "Prima",
  now: "Ora",
  servicesAdded: "Servizi aggiunti",
  payNow: "Da pagare ora",
  payNowNote: "Paga la differenza dalla pagina della prenotazione (il pulsante qui sopra).",
  amountReceived: "Importo ricevuto",
  amountAuthorised: "Importo autorizzato",
  detail: "Dato",
  transferTime: "Orario di arrivo",
  transferPlace: "Codice del luogo",
  transferNumber: "Numero di volo, treno o nave",
  transferNote: "Nota per l'autista",
  installmentPlan: "Piano delle rate",
  installment: "Rata",
  chargeDate: "Data di addebito",
  installmentsNote: (days) =>
    `Ti scriveremo ${days} giorni prima di ogni addebito successivo; la rata si paga dalla pagina della prenotazione.`,
  noticeText: (amount, date) =>
    `La tua rata di ${amount} viene addebitata il ${date}. Attivala dalla pagina della prenotazione, dove la paghi con la carta.`,
  noticeButton: "Paga la rata",
  resaleRoom: "Camera in rivendita",
  resaleUntil: "Rivendita fino a",
  resaleFee: "Commissione di rivendita",
  resaleNote:
    "Se nessuno prenota le tue notti entro allora, non cambia nulla: la tua prenotazione resta com’è.",
  resoldNights: "Notti rivendute",
  recovered: "Recuperato",
  resaleDueNote: "Il rimborso riduce quanto ti resta da pagare.",
};

const de: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `Ein Zimmer Ihrer Reservierung ${c} wurde storniert – ${h}`,
    cancelled: (c, h) => `Reservierung ${c} storniert – ${h}`,
    modified: (c, h) => `Ihre Reservierung ${c} wurde geändert – ${h}`,
    payment_received: (c, h) => `Zahlung für Ihre Reservierung ${c} erhalten – ${h}`,
    payment_authorised: (c, h) => `Karte für Ihre Reservierung ${c} autorisiert – ${h}`,
    payment_requested: (c, h) => `Zahlung für Ihre Reservierung ${c} angefordert – ${h}`,
    transfer_updated: (c, h) => `Transferdaten Ihrer Reservierung ${c} aktualisiert – ${h}`,
    installments_activated: (c, h) => `Ratenzahlung für Ihre Reservierung ${c} aktiviert – ${h}`,
    option_confirmed: (c, h) => `Ihre Option ${c} ist bestätigt – ${h}`,
    option_expired: (c, h) => `Ihre Option ${c} ist abgelaufen – ${h}`,
    bank_transfer_overdue: (c, h) => `Reservierung ${c} storniert: Überweisung nicht eingegangen – ${h}`,
    installment_notice: (c, h) => `Ihre nächste Rate für die Reservierung ${c} – ${h}`,
    resale_listed: (c, h) => `Ihr Zimmer wird weiterverkauft – Reservierung ${c} – ${h}`,
    resale_sold: (c, h) => `Nächte Ihrer Reservierung ${c} wurden weiterverkauft – ${h}`,
    resale_expired: (c, h) => `Ihr Zimmer wurde nicht weiterverkauft – Reservierung ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "Ein Zimmer wurde storniert",
    cancelled: "Ihre Reservierung wurde storniert",
    modified: "Ihre Reservierung wurde geändert",
    payment_received: "Wir haben Ihre Zahlung erhalten",
    payment_authorised: "Ihre Karte wurde autorisiert",
    payment_requested: "Bitte bestätigen Sie eine Zahlung",
    transfer_updated: "Ihre Transferdaten wurden aktualisiert",
    installments_activated: "Ihre Ratenzahlung ist aktiv",
    option_confirmed: "Ihre Option ist bestätigt",
    option_expired: "Ihre Option ist abgelaufen",
    bank_transfer_overdue: "Ihre Reservierung wurde storniert",
    installment_notice: "Ihre nächste Rate steht an",
    resale_listed: "Ihr Zimmer wird weiterverkauft",
    resale_sold: "Nächte Ihres Aufenthalts wurden weiterverkauft",
    resale_expired: "Ihr Zimmer wurde nicht weiterverkauft",
  },
  lead: {
    room_cancelled:
      "Wie gewünscht wurde ein Zimmer Ihrer Reservierung storniert. Der Rest Ihrer Reservierung bleibt unverändert.",
    cancelled: "Wie gewünscht wurde Ihre Reservierung storniert.",
    modified:
      "Wie gewünscht wurde Ihre Reservierung geändert. Hier sehen Sie, was sich geändert hat, und danach Ihre Reservierung im aktuellen Stand.",
    payment_received: "Vielen Dank: Wir haben Ihre Zahlung erhalten.",
    payment_authorised: "Vielen Dank: Ihre Karte wurde für Ihre Reservierung autorisiert.",
    payment_requested:
      "Das Hotel hat Ihre Karte für diese Reservierung belastet und Ihre Bank bittet Sie, die Zahlung zu bestätigen: Bitte schließen Sie sie über den Zahlungslink unten ab.",
    transfer_updated: "Die Daten Ihres Transfers wurden aktualisiert.",
    installments_activated:
      "Der noch offene Betrag ist jetzt in Raten aufgeteilt; die erste Rate wurde Ihrer Karte belastet.",
    option_confirmed: "Die Option ist jetzt eine bestätigte Buchung.",
    option_expired:
      "Ihre Option wurde nicht rechtzeitig bestätigt: Sie ist abgelaufen, die Reservierung wurde storniert und die Zimmer sind nicht mehr für Sie reserviert. Es wurde nichts berechnet.",
    bank_transfer_overdue:
      "Ihre Überweisung ist nicht fristgerecht bei uns eingegangen. Ihre Reservierung wurde daher storniert und die Zimmer sind nicht mehr für Sie reserviert.",
    installment_notice: "Die nächste Rate Ihrer Reservierung wird in Kürze fällig.",
    resale_listed:
      "Wie gewünscht ist Ihr Zimmer wieder im Verkauf. Jede Nacht, die ein anderer Gast bucht, wird Ihnen abzüglich der Weiterverkaufsgebühr erstattet.",
    resale_sold:
      "Ein anderer Gast hat Nächte gebucht, die Sie zum Weiterverkauf angeboten haben: hier ist Ihre Erstattung.",
    resale_expired:
      "Niemand hat Ihre Nächte vor Ende des Weiterverkaufs gebucht. Es ändert sich nichts: Ihre Reservierung bleibt, wie sie ist.",
  },
  whatChanged: "Was sich geändert hat",
  cancelledRoom: "Storniertes Zimmer",
  penalty: "Stornogebühr",
  noPenalty: "Keine: die Stornierung ist kostenlos",
  refund: "Erstattung",
  refundNote:
    "Die Erstattung geht auf die Karte, mit der Sie bezahlt haben; es kann einige Tage dauern, bis Ihre Bank sie anzeigt.",
  stillToPay: "Noch zu zahlen",
  newTotal: "Neuer Gesamtbetrag",
  previousTotal: "Gesamtbetrag vor der Änderung",
  difference: "Differenz",
  before: "Vorher",
  now: "Jetzt",
  servicesAdded: "Hinzugefügte Leistungen",
  payNow: "Jetzt zu zahlen",
  payNowNote: "Zahlen Sie die Differenz auf der Seite Ihrer Reservierung (Schaltfläche oben).",
  amountReceived: "Erhaltener Betrag",
  amountAuthorised: "Autorisierter Betrag",
  detail: "Angabe",
  transferTime: "Ankunftszeit",
  transferPlace: "Ortscode",
  transferNumber: "Flug-, Zug- oder Schiffsnummer",
  transferNote: "Hinweis für den Fahrer",
  installmentPlan: "Ratenplan",
  installment: "Rate",
  chargeDate: "Belastungsdatum",
  installmentsNote: (days) =>
    `Wir schreiben Ihnen ${days} Tage vor jeder weiteren Belastung; Sie zahlen die Rate auf der Seite Ihrer Reservierung.`,
  noticeText: (amount, date) =>
    `Ihre Rate von ${amount} wird am ${date} belastet. Aktivieren Sie sie auf der Seite Ihrer Reservierung, wo Sie sie mit Ihrer Karte bezahlen.`,
  noticeButton: "Rate bezahlen",
  resaleRoom: "Zimmer im Weiterverkauf",
  resaleUntil: "Weiterverkauf bis",
  resaleFee: "Weiterverkaufsgebühr",
  resaleNote:
    "Bucht bis dahin niemand Ihre Nächte, ändert sich nichts: Ihre Reservierung bleibt, wie sie ist.",
  resoldNights: "Weiterverkaufte Nächte",
  recovered: "Erlös",
  resaleDueNote: "Die Erstattung verringert, was Sie noch zu zahlen haben.",
};

const fr: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `Une chambre de votre réservation ${c} a été annulée – ${h}`,
    cancelled: (c, h) => `Réservation ${c} annulée – ${h}`,
    modified: (c, h) => `Votre réservation ${c} a été modifiée – ${h}`,
    payment_received: (c, h) => `Paiement reçu pour votre réservation ${c} – ${h}`,
    payment_authorised: (c, h) => `Carte autorisée pour votre réservation ${c} – ${h}`,
    payment_requested: (c, h) => `Paiement demandé pour votre réservation ${c} – ${h}`,
    transfer_updated: (c, h) => `Informations du transfert mises à jour pour votre réservation ${c} – ${h}`,
    installments_activated: (c, h) => `Paiement échelonné activé pour votre réservation ${c} – ${h}`,
    option_confirmed: (c, h) => `Votre option ${c} est confirmée – ${h}`,
    option_expired: (c, h) => `Votre option ${c} a expiré – ${h}`,
    bank_transfer_overdue: (c, h) => `Réservation ${c} annulée : virement non reçu – ${h}`,
    installment_notice: (c, h) => `Votre prochaine échéance pour la réservation ${c} – ${h}`,
    resale_listed: (c, h) => `Votre chambre est en revente – réservation ${c} – ${h}`,
    resale_sold: (c, h) => `Des nuits de votre réservation ${c} ont été revendues – ${h}`,
    resale_expired: (c, h) => `Votre chambre n’a pas été revendue – réservation ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "Une chambre a été annulée",
    cancelled: "Votre réservation a été annulée",
    modified: "Votre réservation a été modifiée",
    payment_received: "Nous avons reçu votre paiement",
    payment_authorised: "Votre carte a été autorisée",
    payment_requested: "Veuillez approuver un paiement",
    transfer_updated: "Les informations de votre transfert ont été mises à jour",
    installments_activated: "Votre paiement échelonné est actif",
    option_confirmed: "Votre option est confirmée",
    option_expired: "Votre option a expiré",
    bank_transfer_overdue: "Votre réservation a été annulée",
    installment_notice: "Votre prochaine échéance approche",
    resale_listed: "Votre chambre est en revente",
    resale_sold: "Des nuits de votre séjour ont été revendues",
    resale_expired: "Votre chambre n’a pas été revendue",
  },
  lead: {
    room_cancelled:
      "Comme vous l'avez demandé, une chambre de votre réservation a été annulée. Le reste de votre réservation reste inchangé.",
    cancelled: "Comme vous l'avez demandé, votre réservation a été annulée.",
    modified:
      "Comme vous l'avez demandé, votre réservation a été modifiée. Voici ce qui a changé, puis votre réservation telle qu'elle est maintenant.",
    payment_received: "Merci : nous avons reçu votre paiement.",
    payment_authorised: "Merci : votre carte a été autorisée pour votre réservation.",
    payment_requested:
      "L'hôtel a débité votre carte pour cette réservation et votre banque vous demande d'approuver le paiement : veuillez le finaliser avec le lien de paiement ci-dessous.",
    transfer_updated: "Les informations de votre transfert ont été mises à jour.",
    installments_activated:
      "Le montant restant à payer est désormais réparti en échéances ; la première a été débitée sur votre carte.",
    option_confirmed: "L'option est désormais une réservation confirmée.",
    option_expired:
      "Votre option n'a pas été confirmée à temps : elle a expiré, la réservation a été annulée et les chambres ne vous sont plus réservées. Aucun montant n'a été débité.",
    bank_transfer_overdue:
      "Nous n'avons pas reçu votre virement dans le délai prévu : votre réservation a donc été annulée et les chambres ne vous sont plus réservées.",
    installment_notice: "La prochaine échéance de votre réservation sera bientôt débitée.",
    resale_listed:
      "Comme demandé, votre chambre est de nouveau en vente. Chaque nuit réservée par un autre client vous est remboursée, moins les frais de revente.",
    resale_sold:
      "Un autre client a réservé des nuits que vous aviez mises en revente : voici votre remboursement.",
    resale_expired:
      "Personne n’a réservé vos nuits avant la clôture de la revente. Rien ne change : votre réservation reste telle quelle.",
  },
  whatChanged: "Ce qui a changé",
  cancelledRoom: "Chambre annulée",
  penalty: "Frais d'annulation",
  noPenalty: "Aucuns : l'annulation est gratuite",
  refund: "Remboursement",
  refundNote:
    "Le remboursement est versé sur la carte utilisée pour le paiement ; votre banque peut mettre quelques jours à l'afficher.",
  stillToPay: "Reste à payer",
  newTotal: "Nouveau total",
  previousTotal: "Total avant la modification",
  difference: "Différence",
  before: "Avant",
  now: "Maintenant",
  servicesAdded: "Services ajoutés",
  payNow: "À payer maintenant",
  payNowNote: "Réglez la différence depuis la page de votre réservation (le bouton ci-dessus).",
  amountReceived: "Montant reçu",
  amountAuthorised: "Montant autorisé",
  detail: "Information",
  transferTime: "Heure d'arrivée",
  transferPlace: "Code du lieu",
  transferNumber: "Numéro de vol, de train ou de bateau",
  transferNote: "Note pour le chauffeur",
  installmentPlan: "Échéancier",
  installment: "Échéance",
  chargeDate: "Date de débit",
  installmentsNote: (days) =>
    `Nous vous écrirons ${days} jours avant chaque débit suivant ; vous le réglez depuis la page de votre réservation.`,
  noticeText: (amount, date) =>
    `Votre échéance de ${amount} est débitée le ${date}. Activez-la depuis la page de votre réservation, où vous la réglez par carte.`,
  noticeButton: "Payer l'échéance",
  resaleRoom: "Chambre en revente",
  resaleUntil: "Revente jusqu’au",
  resaleFee: "Frais de revente",
  resaleNote:
    "Si personne ne réserve vos nuits d’ici là, rien ne change : votre réservation reste telle quelle.",
  resoldNights: "Nuits revendues",
  recovered: "Récupéré",
  resaleDueNote: "Le remboursement réduit ce qu’il vous reste à payer.",
};

const es: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `Se ha cancelado una habitación de su reserva ${c} – ${h}`,
    cancelled: (c, h) => `Reserva ${c} cancelada – ${h}`,
    modified: (c, h) => `Su reserva ${c} ha cambiado – ${h}`,
    payment_received: (c, h) => `Pago recibido para su reserva ${c} – ${h}`,
    payment_authorised: (c, h) => `Tarjeta autorizada para su reserva ${c} – ${h}`,
    payment_requested: (c, h) => `Pago solicitado para su reserva ${c} – ${h}`,
    transfer_updated: (c, h) => `Datos del traslado actualizados para su reserva ${c} – ${h}`,
    installments_activated: (c, h) => `Pago a plazos activado para su reserva ${c} – ${h}`,
    option_confirmed: (c, h) => `Su opción ${c} está confirmada – ${h}`,
    option_expired: (c, h) => `Su opción ${c} ha caducado – ${h}`,
    bank_transfer_overdue: (c, h) => `Reserva ${c} cancelada: transferencia no recibida – ${h}`,
    installment_notice: (c, h) => `Su próximo plazo de la reserva ${c} – ${h}`,
    resale_listed: (c, h) => `Su habitación está en reventa – reserva ${c} – ${h}`,
    resale_sold: (c, h) => `Se revendieron noches de su reserva ${c} – ${h}`,
    resale_expired: (c, h) => `Su habitación no se revendió – reserva ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "Se ha cancelado una habitación",
    cancelled: "Su reserva ha sido cancelada",
    modified: "Su reserva ha cambiado",
    payment_received: "Hemos recibido su pago",
    payment_authorised: "Su tarjeta ha sido autorizada",
    payment_requested: "Apruebe un pago",
    transfer_updated: "Los datos de su traslado se han actualizado",
    installments_activated: "Su pago a plazos está activo",
    option_confirmed: "Su opción está confirmada",
    option_expired: "Su opción ha caducado",
    bank_transfer_overdue: "Su reserva ha sido cancelada",
    installment_notice: "Se acerca su próximo plazo",
    resale_listed: "Su habitación está en reventa",
    resale_sold: "Se revendieron noches de su estancia",
    resale_expired: "Su habitación no se revendió",
  },
  lead: {
    room_cancelled:
      "Tal como nos pidió, se ha cancelado una habitación de su reserva. El resto de la reserva sigue igual.",
    cancelled: "Tal como nos pidió, su reserva ha sido cancelada.",
    modified:
      "Tal como nos pidió, su reserva ha sido modificada. Aquí tiene lo que ha cambiado y, a continuación, su reserva tal como queda.",
    payment_received: "Gracias: hemos recibido su pago.",
    payment_authorised: "Gracias: su tarjeta ha sido autorizada para su reserva.",
    payment_requested:
      "El hotel ha cargado su tarjeta por esta reserva y su banco le pide que apruebe el pago: complételo con el enlace de pago de abajo.",
    transfer_updated: "Los datos de su traslado se han actualizado.",
    installments_activated:
      "El importe pendiente se ha dividido en plazos; el primero se ha cargado en su tarjeta.",
    option_confirmed: "La opción es ahora una reserva confirmada.",
    option_expired:
      "Su opción no se confirmó a tiempo: ha caducado, la reserva se ha cancelado y las habitaciones ya no están retenidas para usted. No se ha cobrado nada.",
    bank_transfer_overdue:
      "No hemos recibido su transferencia dentro del plazo, por lo que su reserva ha sido cancelada y las habitaciones ya no están retenidas para usted.",
    installment_notice: "El próximo plazo de su reserva se cargará en breve.",
    resale_listed:
      "Como pidió, su habitación vuelve a estar a la venta. Cada noche que reserve otro huésped se le reembolsa, menos la comisión de reventa.",
    resale_sold: "Otro huésped reservó noches que usted puso en reventa: aquí está su reembolso.",
    resale_expired:
      "Nadie reservó sus noches antes del cierre de la reventa. No cambia nada: su reserva sigue igual.",
  },
  whatChanged: "Qué ha cambiado",
  cancelledRoom: "Habitación cancelada",
  penalty: "Gastos de cancelación",
  noPenalty: "Ninguno: la cancelación es gratuita",
  refund: "Reembolso",
  refundNote:
    "El reembolso se abona en la tarjeta con la que pagó; su banco puede tardar unos días en reflejarlo.",
  stillToPay: "Pendiente de pago",
  newTotal: "Nuevo total",
  previousTotal: "Total antes del cambio",
  difference: "Diferencia",
  before: "Antes",
  now: "Ahora",
  servicesAdded: "Servicios añadidos",
  payNow: "A pagar ahora",
  payNowNote: "Pague la diferencia desde la página de su reserva (el botón de arriba).",
  amountReceived: "Importe recibido",
  amountAuthorised: "Importe autorizado",
  detail: "Dato",
  transferTime: "Hora de llegada",
  transferPlace: "Código del lugar",
  transferNumber: "Número de vuelo, tren o barco",
  transferNote: "Nota para el conductor",
  installmentPlan: "Plan de pagos a plazos",
  installment: "Plazo",
  chargeDate: "Fecha de cargo",
  installmentsNote: (days) =>
    `Le escribiremos ${days} días antes de cada cargo siguiente; lo paga desde la página de su reserva.`,
  noticeText: (amount, date) =>
    `Su plazo de ${amount} se carga el ${date}. Actívelo desde la página de su reserva, donde lo paga con tarjeta.`,
  noticeButton: "Pagar el plazo",
  resaleRoom: "Habitación en reventa",
  resaleUntil: "Reventa hasta",
  resaleFee: "Comisión de reventa",
  resaleNote: "Si nadie reserva sus noches para entonces, no cambia nada: su reserva sigue igual.",
  resoldNights: "Noches revendidas",
  recovered: "Recuperado",
  resaleDueNote: "El reembolso reduce lo que le queda por pagar.",
};

const pt: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `Foi cancelado um quarto da sua reserva ${c} – ${h}`,
    cancelled: (c, h) => `A sua reserva ${c} foi cancelada – ${h}`,
    modified: (c, h) => `A sua reserva ${c} foi alterada – ${h}`,
    payment_received: (c, h) => `Pagamento recebido para a sua reserva ${c} – ${h}`,
    payment_authorised: (c, h) => `Cartão autorizado para a sua reserva ${c} – ${h}`,
    payment_requested: (c, h) => `Pagamento solicitado para a sua reserva ${c} – ${h}`,
    transfer_updated: (c, h) => `Dados do transfer atualizados para a sua reserva ${c} – ${h}`,
    installments_activated: (c, h) => `Pagamento em prestações ativado para a sua reserva ${c} – ${h}`,
    option_confirmed: (c, h) => `A sua opção ${c} está confirmada – ${h}`,
    option_expired: (c, h) => `A sua opção ${c} expirou – ${h}`,
    bank_transfer_overdue: (c, h) => `Reserva ${c} cancelada: transferência não recebida – ${h}`,
    installment_notice: (c, h) => `A sua próxima prestação da reserva ${c} – ${h}`,
    resale_listed: (c, h) => `O seu quarto está em revenda – reserva ${c} – ${h}`,
    resale_sold: (c, h) => `Noites da sua reserva ${c} foram revendidas – ${h}`,
    resale_expired: (c, h) => `O seu quarto não foi revendido – reserva ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "Foi cancelado um quarto",
    cancelled: "A sua reserva foi cancelada",
    modified: "A sua reserva foi alterada",
    payment_received: "Recebemos o seu pagamento",
    payment_authorised: "O seu cartão foi autorizado",
    payment_requested: "Aprove um pagamento",
    transfer_updated: "Os dados do seu transfer foram atualizados",
    installments_activated: "O seu pagamento em prestações está ativo",
    option_confirmed: "A sua opção está confirmada",
    option_expired: "A sua opção expirou",
    bank_transfer_overdue: "A sua reserva foi cancelada",
    installment_notice: "A sua próxima prestação aproxima-se",
    resale_listed: "O seu quarto está em revenda",
    resale_sold: "Noites da sua estadia foram revendidas",
    resale_expired: "O seu quarto não foi revendido",
  },
  lead: {
    room_cancelled:
      "Conforme pediu, foi cancelado um quarto da sua reserva. O resto da reserva mantém-se igual.",
    cancelled: "Conforme pediu, a sua reserva foi cancelada.",
    modified:
      "Conforme pediu, a sua reserva foi alterada. Eis o que mudou e, a seguir, a sua reserva tal como está agora.",
    payment_received: "Obrigado: recebemos o seu pagamento.",
    payment_authorised: "Obrigado: o seu cartão foi autorizado para a sua reserva.",
    payment_requested:
      "O hotel cobrou o seu cartão por esta reserva e o seu banco pede que aprove o pagamento: conclua-o com o link de pagamento abaixo.",
    transfer_updated: "Os dados do seu transfer foram atualizados.",
    installments_activated:
      "O montante em falta está agora dividido em prestações; a primeira foi debitada no seu cartão.",
    option_confirmed: "A opção é agora uma reserva confirmada.",
    option_expired:
      "A sua opção não foi confirmada a tempo: expirou, a reserva foi cancelada e os quartos já não estão reservados para si. Não foi cobrado nada.",
    bank_transfer_overdue:
      "Não recebemos a sua transferência bancária dentro do prazo, pelo que a sua reserva foi cancelada e os quartos já não estão reservados para si.",
    installment_notice: "A próxima prestação da sua reserva será debitada em breve.",
    resale_listed:
      "Como pediu, o seu quarto voltou a estar à venda. Cada noite que outro hóspede reservar é-lhe reembolsada, menos a taxa de revenda.",
    resale_sold: "Outro hóspede reservou noites que pôs em revenda: eis o seu reembolso.",
    resale_expired:
      "Ninguém reservou as suas noites antes do fecho da revenda. Nada muda: a sua reserva fica como está.",
  },
  whatChanged: "O que mudou",
  cancelledRoom: "Quarto cancelado",
  penalty: "Taxa de cancelamento",
  noPenalty: "Nenhuma: o cancelamento é gratuito",
  refund: "Reembolso",
  refundNote:
    "O reembolso é feito no cartão com que pagou; o seu banco pode demorar alguns dias a apresentá-lo.",
  stillToPay: "Ainda por pagar",
  newTotal: "Novo total",
  previousTotal: "Total antes da alteração",
  difference: "Diferença",
  before: "Antes",
  now: "Agora",
  servicesAdded: "Serviços adicionados",
  payNow: "A pagar agora",
  payNowNote: "Pague a diferença na página da sua reserva (o botão acima).",
  amountReceived: "Montante recebido",
  amountAuthorised: "Montante autorizado",
  detail: "Dado",
  transferTime: "Hora de chegada",
  transferPlace: "Código do local",
  transferNumber: "Número do voo, comboio ou barco",
  transferNote: "Nota para o motorista",
  installmentPlan: "Plano de prestações",
  installment: "Prestação",
  chargeDate: "Data do débito",
  installmentsNote: (days) =>
    `Enviaremos um e-mail ${days} dias antes de cada débito seguinte; paga-o na página da sua reserva.`,
  noticeText: (amount, date) =>
    `A sua prestação de ${amount} é debitada a ${date}. Ative-a na página da sua reserva, onde a paga com cartão.`,
  noticeButton: "Pagar a prestação",
  resaleRoom: "Quarto em revenda",
  resaleUntil: "Revenda até",
  resaleFee: "Taxa de revenda",
  resaleNote: "Se ninguém reservar as suas noites até lá, nada muda: a sua reserva fica como está.",
  resoldNights: "Noites revendidas",
  recovered: "Recuperado (revenda)",
  resaleDueNote: "O reembolso reduz o que ainda tem a pagar.",
};

const zh: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `您的预订 ${c} 中有一间客房已取消 – ${h}`,
    cancelled: (c, h) => `预订 ${c} 已取消 – ${h}`,
    modified: (c, h) => `您的预订 ${c} 已更改 – ${h}`,
    payment_received: (c, h) => `已收到您预订 ${c} 的付款 – ${h}`,
    payment_authorised: (c, h) => `您预订 ${c} 的信用卡已授权 – ${h}`,
    payment_requested: (c, h) => `您的预订 ${c} 需要付款 – ${h}`,
    transfer_updated: (c, h) => `您预订 ${c} 的接送信息已更新 – ${h}`,
    installments_activated: (c, h) => `您预订 ${c} 的分期付款已开通 – ${h}`,
    option_confirmed: (c, h) => `您的预留 ${c} 已确认 – ${h}`,
    option_expired: (c, h) => `您的预留 ${c} 已过期 – ${h}`,
    bank_transfer_overdue: (c, h) => `预订 ${c} 已取消：未收到银行转账 – ${h}`,
    installment_notice: (c, h) => `您预订 ${c} 的下一期分期付款 – ${h}`,
    resale_listed: (c, h) => `您的房间已挂出转售 – 预订 ${c} – ${h}`,
    resale_sold: (c, h) => `您的预订 ${c} 有晚数已转售 – ${h}`,
    resale_expired: (c, h) => `您的房间未能转售 – 预订 ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "一间客房已取消",
    cancelled: "您的预订已取消",
    modified: "您的预订已更改",
    payment_received: "我们已收到您的付款",
    payment_authorised: "您的信用卡已授权",
    payment_requested: "请确认一笔付款",
    transfer_updated: "您的接送信息已更新",
    installments_activated: "您的分期付款已开通",
    option_confirmed: "您的预留已确认",
    option_expired: "您的预留已过期",
    bank_transfer_overdue: "您的预订已取消",
    installment_notice: "您的下一期分期付款即将扣款",
    resale_listed: "您的房间已挂出转售",
    resale_sold: "您住宿的部分晚数已转售",
    resale_expired: "您的房间未能转售",
  },
  lead: {
    room_cancelled: "按照您的要求，您预订中的一间客房已取消。预订的其余部分保持不变。",
    cancelled: "按照您的要求，您的预订已取消。",
    modified: "按照您的要求，您的预订已更改。以下是更改内容，以及更改后的预订详情。",
    payment_received: "谢谢：我们已收到您的付款。",
    payment_authorised: "谢谢：您的信用卡已为此预订授权。",
    payment_requested:
      "酒店已就此预订向您的信用卡收费，您的银行要求您确认该付款：请通过下方的付款链接完成付款。",
    transfer_updated: "您的接送信息已更新。",
    installments_activated: "剩余应付金额现已分为多期支付；第一期已从您的信用卡扣款。",
    option_confirmed: "该预留现已成为确认的预订。",
    option_expired: "您的预留未在规定时间内确认：预留已过期，预订已取消，客房不再为您保留。未收取任何费用。",
    bank_transfer_overdue: "我们未在截止日期前收到您的银行转账，因此您的预订已取消，客房不再为您保留。",
    installment_notice: "您预订的下一期分期付款即将扣款。",
    resale_listed: "按您的要求，您的房间已重新出售。其他客人每预订一晚，我们将扣除转售费后退款给您。",
    resale_sold: "另一位客人预订了您挂出转售的晚数：以下是您的退款。",
    resale_expired: "转售截止前无人预订您的晚数。一切不变：您的预订保持原样。",
  },
  whatChanged: "变更内容",
  cancelledRoom: "已取消的客房",
  penalty: "取消费",
  noPenalty: "无：免费取消",
  refund: "退款",
  refundNote: "退款将退回您付款所用的银行卡；银行可能需要几天时间才会显示。",
  stillToPay: "尚需支付",
  newTotal: "新总价",
  previousTotal: "更改前总价",
  difference: "差额",
  before: "更改前",
  now: "更改后",
  servicesAdded: "新增服务",
  payNow: "现在需支付",
  payNowNote: "请在您的预订页面（上方按钮）支付差额。",
  amountReceived: "已收金额",
  amountAuthorised: "已授权金额",
  detail: "项目",
  transferTime: "到达时间",
  transferPlace: "地点代码",
  transferNumber: "航班、火车或船班号",
  transferNote: "给司机的备注",
  installmentPlan: "分期付款计划",
  installment: "期数",
  chargeDate: "扣款日期",
  installmentsNote: (days) => `每次后续扣款前 ${days} 天，我们会发送电子邮件通知您；请在您的预订页面支付。`,
  noticeText: (amount, date) =>
    `您的分期付款 ${amount} 将于 ${date} 扣款。请在您的预订页面开通并使用银行卡支付。`,
  noticeButton: "支付本期款项",
  resaleRoom: "转售的房间",
  resaleUntil: "转售截止",
  resaleFee: "转售费",
  resaleNote: "如届时无人预订您的晚数，一切不变：您的预订保持原样。",
  resoldNights: "已转售的晚数",
  recovered: "转售所得",
  resaleDueNote: "退款将减少您尚需支付的金额。",
};

const ja: ChangeTexts = {
  subject: {
    room_cancelled: (c, h) => `ご予約 ${c} の客室が1室キャンセルされました – ${h}`,
    cancelled: (c, h) => `ご予約 ${c} はキャンセルされました – ${h}`,
    modified: (c, h) => `ご予約 ${c} が変更されました – ${h}`,
    payment_received: (c, h) => `ご予約 ${c} のお支払いを受領しました – ${h}`,
    payment_authorised: (c, h) => `ご予約 ${c} のカードが承認されました – ${h}`,
    payment_requested: (c, h) => `ご予約 ${c} のお支払いのお願い – ${h}`,
    transfer_updated: (c, h) => `ご予約 ${c} の送迎情報が更新されました – ${h}`,
    installments_activated: (c, h) => `ご予約 ${c} の分割払いが有効になりました – ${h}`,
    option_confirmed: (c, h) => `仮予約 ${c} が確定しました – ${h}`,
    option_expired: (c, h) => `仮予約 ${c} の期限が切れました – ${h}`,
    bank_transfer_overdue: (c, h) =>
      `ご予約 ${c} はキャンセルされました：お振込みが確認できませんでした – ${h}`,
    installment_notice: (c, h) => `ご予約 ${c} の次回分割払いのお知らせ – ${h}`,
    resale_listed: (c, h) => `お部屋を再販に出しました – 予約 ${c} – ${h}`,
    resale_sold: (c, h) => `予約 ${c} の宿泊が再販されました – ${h}`,
    resale_expired: (c, h) => `お部屋は再販されませんでした – 予約 ${c} – ${h}`,
  },
  heading: {
    room_cancelled: "客室が1室キャンセルされました",
    cancelled: "ご予約はキャンセルされました",
    modified: "ご予約が変更されました",
    payment_received: "お支払いを受領しました",
    payment_authorised: "カードが承認されました",
    payment_requested: "お支払いの承認をお願いします",
    transfer_updated: "送迎情報が更新されました",
    installments_activated: "分割払いが有効になりました",
    option_confirmed: "仮予約が確定しました",
    option_expired: "仮予約の期限が切れました",
    bank_transfer_overdue: "ご予約はキャンセルされました",
    installment_notice: "次回の分割払いが近づいています",
    resale_listed: "お部屋を再販に出しました",
    resale_sold: "ご滞在の一部の泊が再販されました",
    resale_expired: "お部屋は再販されませんでした",
  },
  lead: {
    room_cancelled:
      "ご依頼に基づき、ご予約の客室を1室キャンセルしました。その他のご予約内容に変更はありません。",
    cancelled: "ご依頼に基づき、ご予約をキャンセルしました。",
    modified: "ご依頼に基づき、ご予約を変更しました。変更内容と、変更後のご予約内容は以下のとおりです。",
    payment_received: "ありがとうございます。お支払いを受領しました。",
    payment_authorised: "ありがとうございます。ご予約に対してカードが承認されました。",
    payment_requested:
      "ホテルがこのご予約についてお客様のカードに請求し、カード会社がお支払いの承認を求めています。下記の支払いリンクから手続きを完了してください。",
    transfer_updated: "送迎情報が更新されました。",
    installments_activated: "残りのお支払いを分割払いに変更しました。第1回分はカードに請求されました。",
    option_confirmed: "仮予約は確定したご予約になりました。",
    option_expired:
      "仮予約が期限内に確定されなかったため、期限切れとなりご予約はキャンセルされました。客室の確保も解除されています。料金は発生していません。",
    bank_transfer_overdue:
      "期限までにお振込みが確認できなかったため、ご予約はキャンセルされました。客室の確保も解除されています。",
    installment_notice: "ご予約の次回分割払いがまもなく請求されます。",
    resale_listed:
      "ご依頼どおり、お部屋を再び販売しています。他のお客様が予約した泊ごとに、再販手数料を差し引いて返金いたします。",
    resale_sold: "再販に出された泊を他のお客様が予約しました。返金額は以下のとおりです。",
    resale_expired: "再販の締め切りまでに予約はありませんでした。変更はなく、ご予約はそのままです。",
  },
  whatChanged: "変更内容",
  cancelledRoom: "キャンセルされた客室",
  penalty: "キャンセル料",
  noPenalty: "なし（無料キャンセル）",
  refund: "返金",
  refundNote: "返金はお支払いに使用されたカードに行われます。銀行での反映まで数日かかる場合があります。",
  stillToPay: "未払い残高",
  newTotal: "変更後の合計金額",
  previousTotal: "変更前の合計金額",
  difference: "差額",
  before: "変更前",
  now: "変更後",
  servicesAdded: "追加されたサービス",
  payNow: "今回のお支払い",
  payNowNote: "差額はご予約ページ（上のボタン）からお支払いください。",
  amountReceived: "受領金額",
  amountAuthorised: "承認金額",
  detail: "項目",
  transferTime: "到着時刻",
  transferPlace: "場所コード",
  transferNumber: "便名・列車番号・船便番号",
  transferNote: "ドライバーへのメモ",
  installmentPlan: "分割払いの予定",
  installment: "回",
  chargeDate: "請求日",
  installmentsNote: (days) =>
    `次回以降の各請求の${days}日前にメールでお知らせします。お支払いはご予約ページから行えます。`,
  noticeText: (amount, date) =>
    `分割払い ${amount} は ${date} に請求されます。ご予約ページから有効にし、カードでお支払いください。`,
  noticeButton: "分割払いを支払う",
  resaleRoom: "再販中のお部屋",
  resaleUntil: "再販の締め切り",
  resaleFee: "再販手数料",
  resaleNote: "それまでに予約がなければ変更はなく、ご予約はそのままです。",
  resoldNights: "再販された泊",
  recovered: "回収額",
  resaleDueNote: "返金により、お支払い残高が減ります。",
};

export const CHANGE_TEXTS: Record<MailTextCode, ChangeTexts> = { en, it, de, fr, es, pt, zh, ja };
