// The mails of the trade accounts' public calls (ADR 0033): the password-recovery link, the "no account
// with this e-mail" answer (SPEC §8, sent to that address only), and the sign-up notice to the hotel. In the
// account's (or hotel's) language by the back office's rule (`tradeLanguageOf`), through the outbox.

import type { OutgoingMail } from "../mail";
import { type MailDocument, renderHtml, renderText } from "../mail";
import { type TradeMailLanguage, tradeLanguageOf } from "./language";

export { tradeLanguageOf };

/** The web's language id (SPEC §3) of a mail language: the links open the page in the mail's language. */
export const LANGUAGE_ID: Record<TradeMailLanguage, number> = {
  en: 1,
  it: 2,
  de: 3,
  fr: 4,
  es: 5,
  zh: 6,
  pt: 8,
  ja: 9,
};

type Texts = {
  hello: (name: string) => string;
  resetSubject: (channel: string) => string;
  resetHeading: string;
  resetIntro: (username: string, channel: string) => string;
  resetValid: (minutes: number) => string;
  resetButton: string;
  ignore: string;
  unknownSubject: (channel: string) => string;
  unknownHeading: string;
  unknownIntro: (email: string, channel: string) => string;
  unknownSignUp: string;
  unknownButton: string;
  signUpSubject: (name: string) => string;
  signUpHeading: string;
  signUpIntro: (channel: string) => string;
  signUpButton: string;
  agency: string;
  labels: {
    type: string;
    vat: string;
    iata: string;
    email: string;
    phone: string;
    contact: string;
    user: string;
  };
  types: { 1: string; 2: string };
  closing: string;
};

const TEXTS: Record<TradeMailLanguage, Texts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    resetSubject: (c) => `Choose a new password for ${c}`,
    resetHeading: "Choose a new password",
    resetIntro: (u, c) => `Someone asked to recover the password of the user ${u} on ${c}.`,
    resetValid: (m) => `The link works once, for ${m} minutes.`,
    resetButton: "Choose a new password",
    ignore: "If you did not ask for it, ignore this mail: nothing changes.",
    unknownSubject: (c) => `Password recovery on ${c}`,
    unknownHeading: "No account with this e-mail",
    unknownIntro: (e, c) =>
      `Someone asked to recover a password on ${c} for ${e}, but no trade account uses it.`,
    unknownSignUp: "You can ask the property for an account from the login form.",
    unknownButton: "Open the site",
    signUpSubject: (n) => `New trade account request: ${n}`,
    signUpHeading: "A new trade account waits for approval",
    signUpIntro: (c) =>
      `An agency asked for a trade account on ${c}. Approve or refuse it in the back office.`,
    signUpButton: "Open the trade accounts",
    agency: "Agency",
    labels: {
      type: "Type",
      vat: "VAT number",
      iata: "IATA code",
      email: "E-mail",
      phone: "Phone",
      contact: "Contact person",
      user: "Username",
    },
    types: { 1: "Travel agency", 2: "Company" },
    closing: "Alloggio",
  },
  it: {
    hello: (n) => `Gentile ${n},`,
    resetSubject: (c) => `Scegli una nuova password per ${c}`,
    resetHeading: "Scegli una nuova password",
    resetIntro: (u, c) => `È stato chiesto il recupero della password dell'utente ${u} su ${c}.`,
    resetValid: (m) => `Il link funziona una sola volta, per ${m} minuti.`,
    resetButton: "Scegli una nuova password",
    ignore: "Se non l'hai chiesto tu, ignora questa e-mail: non cambia nulla.",
    unknownSubject: (c) => `Recupero password su ${c}`,
    unknownHeading: "Nessun account con questa e-mail",
    unknownIntro: (e, c) =>
      `È stato chiesto il recupero di una password su ${c} per ${e}, ma nessun account trade la usa.`,
    unknownSignUp: "Puoi chiedere un account alla struttura dal modulo di accesso.",
    unknownButton: "Apri il sito",
    signUpSubject: (n) => `Nuova richiesta di account trade: ${n}`,
    signUpHeading: "Un nuovo account trade attende l'approvazione",
    signUpIntro: (c) =>
      `Un'agenzia ha chiesto un account trade su ${c}. Approvala o rifiutala nel back office.`,
    signUpButton: "Apri gli account trade",
    agency: "Agenzia",
    labels: {
      type: "Tipo",
      vat: "Partita IVA",
      iata: "Codice IATA",
      email: "E-mail",
      phone: "Telefono",
      contact: "Referente",
      user: "Nome utente",
    },
    types: { 1: "Agenzia di viaggi", 2: "Azienda" },
    closing: "Alloggio",
  },
  de: {
    hello: (n) => `Guten Tag ${n},`,
    resetSubject: (c) => `Wählen Sie ein neues Passwort für ${c}`,
    resetHeading: "Neues Passwort wählen",
    resetIntro: (u, c) =>
      `Jemand hat die Wiederherstellung des Passworts des Benutzers ${u} bei ${c} angefordert.`,
    resetValid: (m) => `Der Link funktioniert einmal, ${m} Minuten lang.`,
    resetButton: "Neues Passwort wählen",
    ignore: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.",
    unknownSubject: (c) => `Passwort-Wiederherstellung bei ${c}`,
    unknownHeading: "Kein Konto mit dieser E-Mail-Adresse",
    unknownIntro: (e, c) =>
      `Jemand hat bei ${c} ein Passwort für ${e} angefordert, aber kein Trade-Konto verwendet diese Adresse.`,
    unknownSignUp: "Über das Anmeldeformular können Sie bei der Unterkunft ein Konto beantragen.",
    unknownButton: "Website öffnen",
    signUpSubject: (n) => `Neue Anfrage für ein Trade-Konto: ${n}`,
    signUpHeading: "Ein neues Trade-Konto wartet auf Freigabe",
    signUpIntro: (c) =>
      `Eine Agentur hat ein Trade-Konto bei ${c} beantragt. Geben Sie es im Backoffice frei oder lehnen Sie es ab.`,
    signUpButton: "Trade-Konten öffnen",
    agency: "Agentur",
    labels: {
      type: "Art",
      vat: "USt-IdNr.",
      iata: "IATA-Code",
      email: "E-Mail",
      phone: "Telefon",
      contact: "Ansprechpartner",
      user: "Benutzername",
    },
    types: { 1: "Reisebüro", 2: "Unternehmen" },
    closing: "Alloggio",
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    resetSubject: (c) => `Choisissez un nouveau mot de passe pour ${c}`,
    resetHeading: "Choisir un nouveau mot de passe",
    resetIntro: (u, c) => `Quelqu'un a demandé à récupérer le mot de passe de l'utilisateur ${u} sur ${c}.`,
    resetValid: (m) => `Le lien fonctionne une seule fois, pendant ${m} minutes.`,
    resetButton: "Choisir un nouveau mot de passe",
    ignore: "Si vous ne l'avez pas demandé, ignorez ce message : rien ne change.",
    unknownSubject: (c) => `Récupération du mot de passe sur ${c}`,
    unknownHeading: "Aucun compte avec cette adresse e-mail",
    unknownIntro: (e, c) =>
      `Quelqu'un a demandé à récupérer un mot de passe sur ${c} pour ${e}, mais aucun compte professionnel ne l'utilise.`,
    unknownSignUp: "Vous pouvez demander un compte à l'établissement depuis le formulaire de connexion.",
    unknownButton: "Ouvrir le site",
    signUpSubject: (n) => `Nouvelle demande de compte professionnel : ${n}`,
    signUpHeading: "Un nouveau compte professionnel attend l'approbation",
    signUpIntro: (c) =>
      `Une agence a demandé un compte professionnel sur ${c}. Approuvez-le ou refusez-le dans le back-office.`,
    signUpButton: "Ouvrir les comptes professionnels",
    agency: "Agence",
    labels: {
      type: "Type",
      vat: "Numéro de TVA",
      iata: "Code IATA",
      email: "E-mail",
      phone: "Téléphone",
      contact: "Personne de contact",
      user: "Identifiant",
    },
    types: { 1: "Agence de voyages", 2: "Entreprise" },
    closing: "Alloggio",
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    resetSubject: (c) => `Elige una nueva contraseña para ${c}`,
    resetHeading: "Elige una nueva contraseña",
    resetIntro: (u, c) => `Alguien ha pedido recuperar la contraseña del usuario ${u} en ${c}.`,
    resetValid: (m) => `El enlace funciona una sola vez, durante ${m} minutos.`,
    resetButton: "Elegir una nueva contraseña",
    ignore: "Si no lo has pedido tú, ignora este correo: no cambia nada.",
    unknownSubject: (c) => `Recuperación de contraseña en ${c}`,
    unknownHeading: "Ninguna cuenta con este correo",
    unknownIntro: (e, c) =>
      `Alguien ha pedido recuperar una contraseña en ${c} para ${e}, pero ninguna cuenta profesional lo usa.`,
    unknownSignUp: "Puedes pedir una cuenta al establecimiento desde el formulario de acceso.",
    unknownButton: "Abrir el sitio",
    signUpSubject: (n) => `Nueva solicitud de cuenta profesional: ${n}`,
    signUpHeading: "Una nueva cuenta profesional espera la aprobación",
    signUpIntro: (c) =>
      `Una agencia ha pedido una cuenta profesional en ${c}. Apruébala o recházala en el back office.`,
    signUpButton: "Abrir las cuentas profesionales",
    agency: "Agencia",
    labels: {
      type: "Tipo",
      vat: "NIF/IVA",
      iata: "Código IATA",
      email: "Correo",
      phone: "Teléfono",
      contact: "Persona de contacto",
      user: "Nombre de usuario",
    },
    types: { 1: "Agencia de viajes", 2: "Empresa" },
    closing: "Alloggio",
  },
  pt: {
    hello: (n) => `Olá ${n},`,
    resetSubject: (c) => `Escolha uma nova palavra-passe para ${c}`,
    resetHeading: "Escolha uma nova palavra-passe",
    resetIntro: (u, c) => `Alguém pediu para recuperar a palavra-passe do utilizador ${u} em ${c}.`,
    resetValid: (m) => `A ligação funciona uma só vez, durante ${m} minutos.`,
    resetButton: "Escolher uma nova palavra-passe",
    ignore: "Se não foi você que pediu, ignore este e-mail: nada muda.",
    unknownSubject: (c) => `Recuperação da palavra-passe em ${c}`,
    unknownHeading: "Nenhuma conta com este e-mail",
    unknownIntro: (e, c) =>
      `Alguém pediu para recuperar uma palavra-passe em ${c} para ${e}, mas nenhuma conta profissional o usa.`,
    unknownSignUp: "Pode pedir uma conta ao alojamento a partir do formulário de início de sessão.",
    unknownButton: "Abrir o site",
    signUpSubject: (n) => `Novo pedido de conta profissional: ${n}`,
    signUpHeading: "Uma nova conta profissional aguarda aprovação",
    signUpIntro: (c) =>
      `Uma agência pediu uma conta profissional em ${c}. Aprove-a ou recuse-a no back office.`,
    signUpButton: "Abrir as contas profissionais",
    agency: "Agência",
    labels: {
      type: "Tipo",
      vat: "Número de IVA",
      iata: "Código IATA",
      email: "E-mail",
      phone: "Telefone",
      contact: "Pessoa de contacto",
      user: "Nome de utilizador",
    },
    types: { 1: "Agência de viagens", 2: "Empresa" },
    closing: "Alloggio",
  },
  ja: {
    hello: (n) => `${n} 様`,
    resetSubject: (c) => `${c} の新しいパスワードを設定してください`,
    resetHeading: "新しいパスワードの設定",
    resetIntro: (u, c) => `${c} でユーザー ${u} のパスワード再設定が申請されました。`,
    resetValid: (m) => `このリンクは ${m} 分間、1 回だけ使えます。`,
    resetButton: "新しいパスワードを設定",
    ignore: "お心当たりがない場合は、このメールを無視してください。何も変更されません。",
    unknownSubject: (c) => `${c} のパスワード再設定`,
    unknownHeading: "このメールアドレスのアカウントはありません",
    unknownIntro: (e, c) =>
      `${c} で ${e} のパスワード再設定が申請されましたが、このアドレスを使う法人アカウントはありません。`,
    unknownSignUp: "ログイン画面から施設にアカウントを申請できます。",
    unknownButton: "サイトを開く",
    signUpSubject: (n) => `法人アカウントの新しい申請: ${n}`,
    signUpHeading: "新しい法人アカウントが承認を待っています",
    signUpIntro: (c) => `${c} で代理店が法人アカウントを申請しました。管理画面で承認または却下してください。`,
    signUpButton: "法人アカウントを開く",
    agency: "代理店",
    labels: {
      type: "種別",
      vat: "VAT 番号",
      iata: "IATA コード",
      email: "メール",
      phone: "電話",
      contact: "担当者",
      user: "ユーザー名",
    },
    types: { 1: "旅行代理店", 2: "企業" },
    closing: "Alloggio",
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    resetSubject: (c) => `为 ${c} 设置新密码`,
    resetHeading: "设置新密码",
    resetIntro: (u, c) => `有人申请找回 ${c} 上用户 ${u} 的密码。`,
    resetValid: (m) => `该链接只能使用一次，有效期 ${m} 分钟。`,
    resetButton: "设置新密码",
    ignore: "如果这不是您本人的申请，请忽略此邮件：不会有任何更改。",
    unknownSubject: (c) => `${c} 密码找回`,
    unknownHeading: "没有使用此邮箱的账户",
    unknownIntro: (e, c) => `有人在 ${c} 上为 ${e} 申请找回密码，但没有同业账户使用该邮箱。`,
    unknownSignUp: "您可以在登录表单中向酒店申请账户。",
    unknownButton: "打开网站",
    signUpSubject: (n) => `新的同业账户申请：${n}`,
    signUpHeading: "一个新的同业账户等待批准",
    signUpIntro: (c) => `一家旅行社在 ${c} 上申请了同业账户。请在后台批准或拒绝。`,
    signUpButton: "打开同业账户",
    agency: "旅行社",
    labels: {
      type: "类型",
      vat: "增值税号",
      iata: "IATA 代码",
      email: "电子邮件",
      phone: "电话",
      contact: "联系人",
      user: "用户名",
    },
    types: { 1: "旅行社", 2: "企业" },
    closing: "Alloggio",
  },
};

const mail = (to: string, doc: MailDocument): OutgoingMail => ({
  to,
  subject: doc.subject,
  html: renderHtml(doc),
  text: renderText(doc),
  attachments: [],
});

/** The recovery link: single use, `minutes` long. */
export function renderRecoveryMail(data: {
  to: string;
  name: string;
  username: string;
  channel: string;
  language: TradeMailLanguage;
  link: string;
  minutes: number;
}): OutgoingMail {
  const t = TEXTS[data.language];
  return mail(data.to, {
    lang: data.language,
    subject: t.resetSubject(data.channel),
    heading: t.resetHeading,
    intro: [
      t.hello(data.name),
      t.resetIntro(data.username, data.channel),
      t.resetValid(data.minutes),
      t.ignore,
    ],
    link: { label: t.resetButton, href: data.link },
    sections: [],
    closing: [t.closing],
  });
}

/** SPEC §8 "E-mail not found on password retrieval", told to that mailbox only (ADR 0033). */
export function renderUnknownEmailMail(data: {
  to: string;
  channel: string;
  language: TradeMailLanguage;
  link: string;
}): OutgoingMail {
  const t = TEXTS[data.language];
  return mail(data.to, {
    lang: data.language,
    subject: t.unknownSubject(data.channel),
    heading: t.unknownHeading,
    intro: [t.unknownIntro(data.to, data.channel), t.unknownSignUp, t.ignore],
    link: { label: t.unknownButton, href: data.link },
    sections: [],
    closing: [t.closing],
  });
}

/** The hotel's notice of a sign-up waiting for approval, with the request's data. */
export function renderSignUpNoticeMail(data: {
  to: string;
  channel: string;
  language: TradeMailLanguage;
  link: string;
  agency: {
    name: string;
    type: 1 | 2;
    vatNumber: string | null;
    iataCode: string | null;
    email: string;
    phone: string;
    referentName: string;
    referentEmail: string;
    username: string;
  };
}): OutgoingMail {
  const t = TEXTS[data.language];
  const a = data.agency;
  return mail(data.to, {
    lang: data.language,
    subject: t.signUpSubject(a.name),
    heading: t.signUpHeading,
    intro: [t.signUpIntro(data.channel)],
    link: { label: t.signUpButton, href: data.link },
    sections: [
      {
        title: t.agency,
        blocks: [
          {
            kind: "facts",
            rows: [
              [t.agency, a.name],
              [t.labels.type, t.types[a.type]],
              [t.labels.vat, a.vatNumber ?? "—"],
              [t.labels.iata, a.iataCode ?? "—"],
              [t.labels.email, a.email],
              [t.labels.phone, a.phone],
              [t.labels.contact, `${a.referentName} <${a.referentEmail}>`],
              [t.labels.user, a.username],
            ],
          },
        ],
      },
    ],
    closing: [t.closing],
  });
}
