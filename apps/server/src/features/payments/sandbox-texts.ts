// The sandbox gateway's pages in the checkout's language, one typed entry per text bundle: a missing key does not
// compile. Russian reads English (SPEC §3); its pages still say lang="ru".
import type { CardError } from "@alloggio/domain/booking/card";
import { findLanguage } from "@alloggio/domain/i18n/languages";

/** Every code the card check answers, and the sandbox's own refusal of a card that is not a test card. */
type CardErrorCode = CardError | "unknown_card";

export type SandboxTexts = {
  cardTitle: string;
  cardHeading: string;
  /** The test cards, each with what it does. */
  testCards: (cards: {
    accepted: string;
    challenge: string;
    declined: string;
    insufficient: string;
    /** Accepted now; a charge later without the guest (a no-show) needs the bank's approval. */
    offSessionAsks: string;
    /** Accepted now; a charge later without the guest is declined. */
    offSessionFails: string;
  }) => string;
  number: string;
  /** The expiry label with its pattern, e.g. "Expiry (MM/YYYY)". */
  expiry: string;
  expiryPlaceholder: string;
  holder: string;
  cvv: string;
  save: string;
  errors: Record<CardErrorCode, string>;
  savedTitle: string;
  saved: (last4: string) => string;
  continue: string;
  notFoundTitle: string;
  unknownPayment: string;
  challengeTitle: string;
  paymentTitle: string;
  methods: Record<"instant_bank" | "wallet" | "mobile" | "pay_by_link", string>;
  bankAsks: string;
  /** A card check of nothing (a card guarantee): no payment to confirm, nothing charged. */
  cardCheck: string;
  confirmCard: string;
  sandboxRedirect: string;
  amount: string;
  confirm: string;
  cancel: string;
  /** The payment is no longer waiting. */
  done: Record<"authorised" | "captured" | "declined" | "refunded" | "other", string>;
};

const en: SandboxTexts = {
  cardTitle: "Sandbox card payment",
  cardHeading: "Card details",
  testCards: (c) =>
    `Sandbox gateway: no real card is charged. Test cards: ${c.accepted} (accepted), ${c.challenge} (3-D Secure), ${c.declined} (declined), ${c.insufficient} (insufficient funds), ${c.offSessionAsks} (a later charge asks the guest's bank), ${c.offSessionFails} (a later charge is declined).`,
  number: "Card number",
  expiry: "Expiry (MM/YYYY)",
  expiryPlaceholder: "MM/YYYY",
  holder: "Card holder",
  cvv: "CVV",
  save: "Save card",
  errors: {
    required: "This field is required.",
    invalid_expiry_format: "Invalid date, should be MM/YYYY.",
    card_expired: "This card has expired.",
    invalid_card_number: "Invalid card number.",
    invalid_cvv: "Invalid CVV.",
    unknown_card: "This sandbox accepts only its test cards.",
  },
  savedTitle: "Card saved",
  saved: (last4) => `Card ending ${last4} is ready.`,
  continue: "Continue",
  notFoundTitle: "Not found",
  unknownPayment: "Unknown payment",
  challengeTitle: "3-D Secure check",
  paymentTitle: "Payment",
  methods: {
    instant_bank: "Instant bank payment",
    wallet: "Digital wallet",
    mobile: "Mobile payment",
    pay_by_link: "Payment link",
  },
  bankAsks: "Your bank asks you to confirm this payment.",
  cardCheck: "Your bank asks you to confirm your card. Nothing is charged: the card is kept as a guarantee.",
  confirmCard: "Confirm the card",
  sandboxRedirect: "Sandbox: no real money moves. Confirm or cancel the payment.",
  amount: "Amount",
  confirm: "Confirm payment",
  cancel: "Cancel payment",
  done: {
    authorised: "This payment is already authorised.",
    captured: "This payment is already made.",
    declined: "This payment was declined or cancelled.",
    refunded: "This payment has been refunded.",
    other: "This payment is no longer waiting.",
  },
};

const it: SandboxTexts = {
  cardTitle: "Pagamento con carta (sandbox)",
  cardHeading: "Dati della carta",
  testCards: (c) =>
    `Gateway di prova: nessuna carta reale viene addebitata. Carte di prova: ${c.accepted} (accettata), ${c.challenge} (3-D Secure), ${c.declined} (rifiutata), ${c.insufficient} (fondi insufficienti), ${c.offSessionAsks} (un addebito successivo chiede l'approvazione della banca), ${c.offSessionFails} (un addebito successivo viene rifiutato).`,
  number: "Numero della carta",
  expiry: "Scadenza (MM/AAAA)",
  expiryPlaceholder: "MM/AAAA",
  holder: "Titolare della carta",
  cvv: "CVV",
  save: "Salva la carta",
  errors: {
    required: "Campo obbligatorio.",
    invalid_expiry_format: "Data non valida, deve essere MM/AAAA.",
    card_expired: "La carta è scaduta.",
    invalid_card_number: "Numero di carta non valido.",
    invalid_cvv: "CVV non valido.",
    unknown_card: "Questo gateway di prova accetta solo le sue carte di prova.",
  },
  savedTitle: "Carta salvata",
  saved: (last4) => `La carta che termina con ${last4} è pronta.`,
  continue: "Continua",
  notFoundTitle: "Non trovato",
  unknownPayment: "Pagamento sconosciuto",
  challengeTitle: "Verifica 3-D Secure",
  paymentTitle: "Pagamento",
  methods: {
    instant_bank: "Bonifico istantaneo",
    wallet: "Portafoglio digitale",
    mobile: "Pagamento da cellulare",
    pay_by_link: "Link di pagamento",
  },
  bankAsks: "La tua banca ti chiede di confermare questo pagamento.",
  cardCheck:
    "La tua banca ti chiede di confermare la carta. Non viene addebitato nulla: la carta resta a garanzia.",
  confirmCard: "Conferma la carta",
  sandboxRedirect: "Gateway di prova: nessun movimento di denaro reale. Conferma o annulla il pagamento.",
  amount: "Importo",
  confirm: "Conferma il pagamento",
  cancel: "Annulla il pagamento",
  done: {
    authorised: "Questo pagamento è già autorizzato.",
    captured: "Questo pagamento è già stato effettuato.",
    declined: "Questo pagamento è stato rifiutato o annullato.",
    refunded: "Questo pagamento è stato rimborsato.",
    other: "Questo pagamento non è più in attesa.",
  },
};

const de: SandboxTexts = {
  cardTitle: "Kartenzahlung (Sandbox)",
  cardHeading: "Kartendaten",
  testCards: (c) =>
    `Test-Gateway: Es wird keine echte Karte belastet. Testkarten: ${c.accepted} (akzeptiert), ${c.challenge} (3-D Secure), ${c.declined} (abgelehnt), ${c.insufficient} (keine Deckung), ${c.offSessionAsks} (eine spätere Belastung verlangt die Freigabe der Bank), ${c.offSessionFails} (eine spätere Belastung wird abgelehnt).`,
  number: "Kartennummer",
  expiry: "Gültig bis (MM/JJJJ)",
  expiryPlaceholder: "MM/JJJJ",
  holder: "Karteninhaber",
  cvv: "Prüfnummer (CVV)",
  save: "Karte speichern",
  errors: {
    required: "Dieses Feld ist erforderlich.",
    invalid_expiry_format: "Ungültiges Datum, bitte MM/JJJJ.",
    card_expired: "Diese Karte ist abgelaufen.",
    invalid_card_number: "Ungültige Kartennummer.",
    invalid_cvv: "Ungültige Prüfnummer.",
    unknown_card: "Dieses Test-Gateway akzeptiert nur seine Testkarten.",
  },
  savedTitle: "Karte gespeichert",
  saved: (last4) => `Die Karte mit der Endung ${last4} ist bereit.`,
  continue: "Weiter",
  notFoundTitle: "Nicht gefunden",
  unknownPayment: "Unbekannte Zahlung",
  challengeTitle: "3-D-Secure-Prüfung",
  paymentTitle: "Zahlung",
  methods: {
    instant_bank: "Sofortüberweisung",
    wallet: "Digitale Geldbörse",
    mobile: "Mobile Zahlung",
    pay_by_link: "Zahlungslink",
  },
  bankAsks: "Ihre Bank bittet Sie, diese Zahlung zu bestätigen.",
  cardCheck:
    "Ihre Bank bittet Sie, Ihre Karte zu bestätigen. Es wird nichts belastet: Die Karte dient als Garantie.",
  confirmCard: "Karte bestätigen",
  sandboxRedirect: "Test-Gateway: Es fließt kein echtes Geld. Bestätigen oder stornieren Sie die Zahlung.",
  amount: "Betrag",
  confirm: "Zahlung bestätigen",
  cancel: "Zahlung abbrechen",
  done: {
    authorised: "Diese Zahlung ist bereits autorisiert.",
    captured: "Diese Zahlung ist bereits erfolgt.",
    declined: "Diese Zahlung wurde abgelehnt oder abgebrochen.",
    refunded: "Diese Zahlung wurde erstattet.",
    other: "Diese Zahlung wartet nicht mehr.",
  },
};

const fr: SandboxTexts = {
  cardTitle: "Paiement par carte (sandbox)",
  cardHeading: "Données de la carte",
  testCards: (c) =>
    `Passerelle de test : aucune carte réelle n'est débitée. Cartes de test : ${c.accepted} (acceptée), ${c.challenge} (3-D Secure), ${c.declined} (refusée), ${c.insufficient} (provision insuffisante), ${c.offSessionAsks} (un débit ultérieur demande l'accord de la banque), ${c.offSessionFails} (un débit ultérieur est refusé).`,
  number: "Numéro de carte",
  expiry: "Date d'expiration (MM/AAAA)",
  expiryPlaceholder: "MM/AAAA",
  holder: "Titulaire de la carte",
  cvv: "Cryptogramme (CVV)",
  save: "Enregistrer la carte",
  errors: {
    required: "Ce champ est obligatoire.",
    invalid_expiry_format: "Date non valide, format attendu MM/AAAA.",
    card_expired: "Cette carte a expiré.",
    invalid_card_number: "Numéro de carte non valide.",
    invalid_cvv: "Cryptogramme non valide.",
    unknown_card: "Cette passerelle de test n'accepte que ses cartes de test.",
  },
  savedTitle: "Carte enregistrée",
  saved: (last4) => `La carte se terminant par ${last4} est prête.`,
  continue: "Continuer",
  notFoundTitle: "Introuvable",
  unknownPayment: "Paiement inconnu",
  challengeTitle: "Vérification 3-D Secure",
  paymentTitle: "Paiement",
  methods: {
    instant_bank: "Virement instantané",
    wallet: "Portefeuille numérique",
    mobile: "Paiement mobile",
    pay_by_link: "Lien de paiement",
  },
  bankAsks: "Votre banque vous demande de confirmer ce paiement.",
  cardCheck:
    "Votre banque vous demande de confirmer votre carte. Rien n'est débité : la carte sert de garantie.",
  confirmCard: "Confirmer la carte",
  sandboxRedirect:
    "Passerelle de test : aucun argent réel n'est transféré. Confirmez ou annulez le paiement.",
  amount: "Montant",
  confirm: "Confirmer le paiement",
  cancel: "Annuler le paiement",
  done: {
    authorised: "Ce paiement est déjà autorisé.",
    captured: "Ce paiement est déjà effectué.",
    declined: "Ce paiement a été refusé ou annulé.",
    refunded: "Ce paiement a été remboursé.",
    other: "Ce paiement n'est plus en attente.",
  },
};

const es: SandboxTexts = {
  cardTitle: "Pago con tarjeta (sandbox)",
  cardHeading: "Datos de la tarjeta",
  testCards: (c) =>
    `Pasarela de pruebas: no se cobra ninguna tarjeta real. Tarjetas de prueba: ${c.accepted} (aceptada), ${c.challenge} (3-D Secure), ${c.declined} (rechazada), ${c.insufficient} (fondos insuficientes), ${c.offSessionAsks} (un cargo posterior pide la aprobación del banco), ${c.offSessionFails} (un cargo posterior se rechaza).`,
  number: "Número de tarjeta",
  expiry: "Caducidad (MM/AAAA)",
  expiryPlaceholder: "MM/AAAA",
  holder: "Titular de la tarjeta",
  cvv: "CVV",
  save: "Guardar tarjeta",
  errors: {
    required: "Este campo es obligatorio.",
    invalid_expiry_format: "Fecha no válida, debe ser MM/AAAA.",
    card_expired: "Esta tarjeta ha caducado.",
    invalid_card_number: "Número de tarjeta no válido.",
    invalid_cvv: "CVV no válido.",
    unknown_card: "Esta pasarela de pruebas solo acepta sus tarjetas de prueba.",
  },
  savedTitle: "Tarjeta guardada",
  saved: (last4) => `La tarjeta terminada en ${last4} está lista.`,
  continue: "Continuar",
  notFoundTitle: "No encontrado",
  unknownPayment: "Pago desconocido",
  challengeTitle: "Verificación 3-D Secure",
  paymentTitle: "Pago",
  methods: {
    instant_bank: "Transferencia inmediata",
    wallet: "Monedero digital",
    mobile: "Pago móvil",
    pay_by_link: "Enlace de pago",
  },
  bankAsks: "Tu banco te pide que confirmes este pago.",
  cardCheck: "Tu banco te pide que confirmes tu tarjeta. No se cobra nada: la tarjeta queda como garantía.",
  confirmCard: "Confirmar la tarjeta",
  sandboxRedirect: "Pasarela de pruebas: no se mueve dinero real. Confirma o cancela el pago.",
  amount: "Importe",
  confirm: "Confirmar el pago",
  cancel: "Cancelar el pago",
  done: {
    authorised: "Este pago ya está autorizado.",
    captured: "Este pago ya se ha realizado.",
    declined: "Este pago fue rechazado o cancelado.",
    refunded: "Este pago ha sido reembolsado.",
    other: "Este pago ya no está pendiente.",
  },
};

const pt: SandboxTexts = {
  cardTitle: "Pagamento com cartão (sandbox)",
  cardHeading: "Dados do cartão",
  testCards: (c) =>
    `Gateway de teste: nenhum cartão real é cobrado. Cartões de teste: ${c.accepted} (aceite), ${c.challenge} (3-D Secure), ${c.declined} (recusado), ${c.insufficient} (saldo insuficiente), ${c.offSessionAsks} (uma cobrança posterior pede a aprovação do banco), ${c.offSessionFails} (uma cobrança posterior é recusada).`,
  number: "Número do cartão",
  expiry: "Validade (MM/AAAA)",
  expiryPlaceholder: "MM/AAAA",
  holder: "Titular do cartão",
  cvv: "CVV",
  save: "Guardar cartão",
  errors: {
    required: "Este campo é obrigatório.",
    invalid_expiry_format: "Data inválida, deve ser MM/AAAA.",
    card_expired: "Este cartão expirou.",
    invalid_card_number: "Número de cartão inválido.",
    invalid_cvv: "CVV inválido.",
    unknown_card: "Este gateway de teste só aceita os seus cartões de teste.",
  },
  savedTitle: "Cartão guardado",
  saved: (last4) => `O cartão terminado em ${last4} está pronto.`,
  continue: "Continuar",
  notFoundTitle: "Não encontrado",
  unknownPayment: "Pagamento desconhecido",
  challengeTitle: "Verificação 3-D Secure",
  paymentTitle: "Pagamento",
  methods: {
    instant_bank: "Transferência imediata",
    wallet: "Carteira digital",
    mobile: "Pagamento móvel",
    pay_by_link: "Link de pagamento",
  },
  bankAsks: "O seu banco pede-lhe que confirme este pagamento.",
  cardCheck: "O seu banco pede-lhe que confirme o cartão. Nada é cobrado: o cartão fica como garantia.",
  confirmCard: "Confirmar o cartão",
  sandboxRedirect: "Gateway de teste: não se movimenta dinheiro real. Confirme ou cancele o pagamento.",
  amount: "Montante",
  confirm: "Confirmar o pagamento",
  cancel: "Cancelar o pagamento",
  done: {
    authorised: "Este pagamento já está autorizado.",
    captured: "Este pagamento já foi efetuado.",
    declined: "Este pagamento foi recusado ou cancelado.",
    refunded: "Este pagamento foi reembolsado.",
    other: "Este pagamento já não está pendente.",
  },
};

const zh: SandboxTexts = {
  cardTitle: "银行卡支付（沙盒）",
  cardHeading: "银行卡信息",
  testCards: (c) =>
    `测试支付网关：不会从真实银行卡扣款。测试卡：${c.accepted}（成功）、${c.challenge}（3-D Secure 验证）、${c.declined}（被拒）、${c.insufficient}（余额不足）、${c.offSessionAsks}（后续扣款需银行验证）、${c.offSessionFails}（后续扣款被拒）。`,
  number: "卡号",
  expiry: "有效期（MM/YYYY）",
  expiryPlaceholder: "MM/YYYY",
  holder: "持卡人",
  cvv: "安全码（CVV）",
  save: "保存银行卡",
  errors: {
    required: "此项为必填项。",
    invalid_expiry_format: "日期无效，格式应为 MM/YYYY。",
    card_expired: "此卡已过期。",
    invalid_card_number: "卡号无效。",
    invalid_cvv: "安全码无效。",
    unknown_card: "此测试网关只接受其测试卡。",
  },
  savedTitle: "银行卡已保存",
  saved: (last4) => `尾号 ${last4} 的银行卡已可使用。`,
  continue: "继续",
  notFoundTitle: "未找到",
  unknownPayment: "未知的付款",
  challengeTitle: "3-D Secure 验证",
  paymentTitle: "付款",
  methods: {
    instant_bank: "即时银行转账",
    wallet: "电子钱包",
    mobile: "手机支付",
    pay_by_link: "付款链接",
  },
  bankAsks: "您的银行请您确认此笔付款。",
  cardCheck: "您的银行请您确认银行卡。不会扣款：该卡仅作为担保。",
  confirmCard: "确认银行卡",
  sandboxRedirect: "测试网关：不涉及真实资金。请确认或取消付款。",
  amount: "金额",
  confirm: "确认付款",
  cancel: "取消付款",
  done: {
    authorised: "此笔付款已获授权。",
    captured: "此笔付款已完成。",
    declined: "此笔付款已被拒绝或取消。",
    refunded: "此笔付款已退款。",
    other: "此笔付款已不再等待处理。",
  },
};

const ja: SandboxTexts = {
  cardTitle: "カード決済（サンドボックス）",
  cardHeading: "カード情報",
  testCards: (c) =>
    `テスト用決済ゲートウェイ：実際のカードには請求されません。テストカード：${c.accepted}（承認）、${c.challenge}（3-D セキュア）、${c.declined}（拒否）、${c.insufficient}（残高不足）、${c.offSessionAsks}（後日の請求に銀行の承認が必要）、${c.offSessionFails}（後日の請求は拒否）。`,
  number: "カード番号",
  expiry: "有効期限（MM/YYYY）",
  expiryPlaceholder: "MM/YYYY",
  holder: "カード名義人",
  cvv: "セキュリティコード（CVV）",
  save: "カードを保存",
  errors: {
    required: "この項目は必須です。",
    invalid_expiry_format: "日付が無効です。MM/YYYY の形式で入力してください。",
    card_expired: "このカードは有効期限が切れています。",
    invalid_card_number: "カード番号が無効です。",
    invalid_cvv: "セキュリティコードが無効です。",
    unknown_card: "このテスト用ゲートウェイではテストカードのみ使用できます。",
  },
  savedTitle: "カードを保存しました",
  saved: (last4) => `末尾 ${last4} のカードを使用できます。`,
  continue: "続ける",
  notFoundTitle: "見つかりません",
  unknownPayment: "不明な支払い",
  challengeTitle: "3-D セキュア認証",
  paymentTitle: "お支払い",
  methods: {
    instant_bank: "即時銀行振込",
    wallet: "デジタルウォレット",
    mobile: "モバイル決済",
    pay_by_link: "支払いリンク",
  },
  bankAsks: "ご利用の銀行がこのお支払いの確認を求めています。",
  cardCheck: "ご利用の銀行がカードの確認を求めています。請求はありません：カードは保証として登録されます。",
  confirmCard: "カードを確認",
  sandboxRedirect: "テスト用ゲートウェイ：実際のお金は動きません。お支払いを確定するか取り消してください。",
  amount: "金額",
  confirm: "支払いを確定",
  cancel: "支払いを取り消す",
  done: {
    authorised: "このお支払いは承認済みです。",
    captured: "このお支払いは完了しています。",
    declined: "このお支払いは拒否または取り消されました。",
    refunded: "このお支払いは返金されました。",
    other: "このお支払いはすでに処理待ちではありません。",
  },
};

const SANDBOX_TEXTS = { en, it, de, fr, es, pt, zh, ja } as const;

/** The texts and the page's `lang` for a language id (SPEC §3); an unknown or absent id reads English. */
export function sandboxTextsFor(languageId: number): {
  texts: SandboxTexts;
  lang: string;
  languageId: number;
} {
  const language = findLanguage(languageId);
  return { texts: SANDBOX_TEXTS[language.text], lang: language.lang, languageId: language.id };
}
