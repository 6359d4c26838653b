// The mails of the trade accounts' back office (ADR 0030): approved, refused, password reset — in the
// agency's language (from its country), sent through the outbox in the transaction that makes the change.

import type { OutgoingMail } from "../../mail";
import { type MailDocument, renderHtml, renderText } from "../../mail";

type Texts = {
  hello: (name: string) => string;
  approvedSubject: (channel: string) => string;
  approvedHeading: string;
  approvedIntro: (channel: string) => string;
  usernames: string;
  logIn: string;
  refusedSubject: (channel: string) => string;
  refusedHeading: string;
  refusedIntro: (channel: string) => string;
  reason: string;
  resetSubject: (channel: string) => string;
  resetHeading: string;
  resetIntro: (username: string) => string;
  temporary: string;
  resetChange: string;
  closing: string;
};

const TEXTS = {
  en: {
    hello: (n) => `Hello ${n},`,
    approvedSubject: (c) => `Your trade account on ${c} is approved`,
    approvedHeading: "Your trade account is approved",
    approvedIntro: (c) => `${c} approved your request: you can now log in and book at trade rates.`,
    usernames: "Your username",
    logIn: "Log in",
    refusedSubject: (c) => `Your trade account request on ${c}`,
    refusedHeading: "Your request was not approved",
    refusedIntro: (c) => `${c} could not approve your request for a trade account.`,
    reason: "Reason",
    resetSubject: (c) => `Your new temporary password for ${c}`,
    resetHeading: "Your password was reset",
    resetIntro: (u) => `The property reset the password of the user ${u}.`,
    temporary: "Temporary password",
    resetChange: "Log in with it: you will be asked to choose a new password at once.",
    closing: "Alloggio",
  },
  it: {
    hello: (n) => `Gentile ${n},`,
    approvedSubject: (c) => `Il tuo account trade su ${c} è stato approvato`,
    approvedHeading: "Il tuo account trade è approvato",
    approvedIntro: (c) =>
      `${c} ha approvato la tua richiesta: ora puoi accedere e prenotare alle tariffe trade.`,
    usernames: "Il tuo nome utente",
    logIn: "Accedi",
    refusedSubject: (c) => `La tua richiesta di account trade su ${c}`,
    refusedHeading: "La tua richiesta non è stata approvata",
    refusedIntro: (c) => `${c} non ha potuto approvare la tua richiesta di account trade.`,
    reason: "Motivo",
    resetSubject: (c) => `La tua nuova password temporanea per ${c}`,
    resetHeading: "La tua password è stata reimpostata",
    resetIntro: (u) => `La struttura ha reimpostato la password dell'utente ${u}.`,
    temporary: "Password temporanea",
    resetChange: "Accedi con questa password: ti verrà chiesto subito di sceglierne una nuova.",
    closing: "Alloggio",
  },
  de: {
    hello: (n) => `Guten Tag ${n},`,
    approvedSubject: (c) => `Ihr Trade-Konto bei ${c} ist freigegeben`,
    approvedHeading: "Ihr Trade-Konto ist freigegeben",
    approvedIntro: (c) =>
      `${c} hat Ihre Anfrage freigegeben: Sie können sich jetzt anmelden und zu Trade-Preisen buchen.`,
    usernames: "Ihr Benutzername",
    logIn: "Anmelden",
    refusedSubject: (c) => `Ihre Anfrage für ein Trade-Konto bei ${c}`,
    refusedHeading: "Ihre Anfrage wurde nicht freigegeben",
    refusedIntro: (c) => `${c} konnte Ihre Anfrage für ein Trade-Konto nicht freigeben.`,
    reason: "Grund",
    resetSubject: (c) => `Ihr neues vorläufiges Passwort für ${c}`,
    resetHeading: "Ihr Passwort wurde zurückgesetzt",
    resetIntro: (u) => `Die Unterkunft hat das Passwort des Benutzers ${u} zurückgesetzt.`,
    temporary: "Vorläufiges Passwort",
    resetChange: "Melden Sie sich damit an: Sie werden sofort gebeten, ein neues Passwort zu wählen.",
    closing: "Alloggio",
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    approvedSubject: (c) => `Votre compte professionnel sur ${c} est approuvé`,
    approvedHeading: "Votre compte professionnel est approuvé",
    approvedIntro: (c) =>
      `${c} a approuvé votre demande : vous pouvez maintenant vous connecter et réserver aux tarifs professionnels.`,
    usernames: "Votre identifiant",
    logIn: "Se connecter",
    refusedSubject: (c) => `Votre demande de compte professionnel sur ${c}`,
    refusedHeading: "Votre demande n'a pas été approuvée",
    refusedIntro: (c) => `${c} n'a pas pu approuver votre demande de compte professionnel.`,
    reason: "Motif",
    resetSubject: (c) => `Votre nouveau mot de passe provisoire pour ${c}`,
    resetHeading: "Votre mot de passe a été réinitialisé",
    resetIntro: (u) => `L'établissement a réinitialisé le mot de passe de l'utilisateur ${u}.`,
    temporary: "Mot de passe provisoire",
    resetChange: "Connectez-vous avec lui : il vous sera demandé aussitôt d'en choisir un nouveau.",
    closing: "Alloggio",
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    approvedSubject: (c) => `Tu cuenta profesional en ${c} está aprobada`,
    approvedHeading: "Tu cuenta profesional está aprobada",
    approvedIntro: (c) =>
      `${c} ha aprobado tu solicitud: ya puedes iniciar sesión y reservar con tarifas profesionales.`,
    usernames: "Tu nombre de usuario",
    logIn: "Iniciar sesión",
    refusedSubject: (c) => `Tu solicitud de cuenta profesional en ${c}`,
    refusedHeading: "Tu solicitud no ha sido aprobada",
    refusedIntro: (c) => `${c} no ha podido aprobar tu solicitud de cuenta profesional.`,
    reason: "Motivo",
    resetSubject: (c) => `Tu nueva contraseña temporal para ${c}`,
    resetHeading: "Tu contraseña se ha restablecido",
    resetIntro: (u) => `El establecimiento ha restablecido la contraseña del usuario ${u}.`,
    temporary: "Contraseña temporal",
    resetChange: "Inicia sesión con ella: se te pedirá enseguida que elijas una nueva.",
    closing: "Alloggio",
  },
  pt: {
    hello: (n) => `Olá ${n},`,
    approvedSubject: (c) => `A sua conta profissional em ${c} foi aprovada`,
    approvedHeading: "A sua conta profissional foi aprovada",
    approvedIntro: (c) =>
      `${c} aprovou o seu pedido: já pode iniciar sessão e reservar com tarifas profissionais.`,
    usernames: "O seu nome de utilizador",
    logIn: "Iniciar sessão",
    refusedSubject: (c) => `O seu pedido de conta profissional em ${c}`,
    refusedHeading: "O seu pedido não foi aprovado",
    refusedIntro: (c) => `${c} não pôde aprovar o seu pedido de conta profissional.`,
    reason: "Motivo",
    resetSubject: (c) => `A sua nova palavra-passe temporária para ${c}`,
    resetHeading: "A sua palavra-passe foi reposta",
    resetIntro: (u) => `O alojamento repôs a palavra-passe do utilizador ${u}.`,
    temporary: "Palavra-passe temporária",
    resetChange: "Inicie sessão com ela: ser-lhe-á pedido de imediato que escolha uma nova.",
    closing: "Alloggio",
  },
  ja: {
    hello: (n) => `${n} 様`,
    approvedSubject: (c) => `${c} の法人アカウントが承認されました`,
    approvedHeading: "法人アカウントが承認されました",
    approvedIntro: (c) => `${c} がお申し込みを承認しました。ログインして法人料金で予約できます。`,
    usernames: "ユーザー名",
    logIn: "ログイン",
    refusedSubject: (c) => `${c} の法人アカウントのお申し込みについて`,
    refusedHeading: "お申し込みは承認されませんでした",
    refusedIntro: (c) => `${c} は法人アカウントのお申し込みを承認できませんでした。`,
    reason: "理由",
    resetSubject: (c) => `${c} の新しい仮パスワード`,
    resetHeading: "パスワードがリセットされました",
    resetIntro: (u) => `施設がユーザー ${u} のパスワードをリセットしました。`,
    temporary: "仮パスワード",
    resetChange: "このパスワードでログインすると、すぐに新しいパスワードの設定を求められます。",
    closing: "Alloggio",
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    approvedSubject: (c) => `您在 ${c} 的同业账户已获批准`,
    approvedHeading: "您的同业账户已获批准",
    approvedIntro: (c) => `${c} 已批准您的申请：您现在可以登录并以同业价格预订。`,
    usernames: "您的用户名",
    logIn: "登录",
    refusedSubject: (c) => `您在 ${c} 的同业账户申请`,
    refusedHeading: "您的申请未获批准",
    refusedIntro: (c) => `${c} 无法批准您的同业账户申请。`,
    reason: "原因",
    resetSubject: (c) => `您在 ${c} 的新临时密码`,
    resetHeading: "您的密码已重置",
    resetIntro: (u) => `酒店已重置用户 ${u} 的密码。`,
    temporary: "临时密码",
    resetChange: "请用它登录：系统会立即要求您设置新密码。",
    closing: "Alloggio",
  },
} satisfies Record<string, Texts>;

/** The languages these mails are written in (the trade area's `tradeLanguageOf` picks one of them). */
type TradeMailLanguage = keyof typeof TEXTS;

type Common = { to: string; name: string; language: TradeMailLanguage; channel: string; link: string };

function mail(to: string, doc: MailDocument): OutgoingMail {
  return { to, subject: doc.subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/** "You can log in": the approval, with the account's usernames and a link to the trade channel's page. */
export function renderApprovedMail(data: Common & { usernames: string[] }): OutgoingMail {
  const t = TEXTS[data.language];
  return mail(data.to, {
    lang: data.language,
    subject: t.approvedSubject(data.channel),
    heading: t.approvedHeading,
    intro: [t.hello(data.name), t.approvedIntro(data.channel)],
    link: { label: t.logIn, href: data.link },
    sections: data.usernames.length
      ? [{ title: t.usernames, blocks: [{ kind: "paragraphs", lines: data.usernames }] }]
      : [],
    closing: [t.closing],
  });
}

/** The refusal, with the property's reason. */
export function renderRefusedMail(data: Common & { reason: string }): OutgoingMail {
  const t = TEXTS[data.language];
  return mail(data.to, {
    lang: data.language,
    subject: t.refusedSubject(data.channel),
    heading: t.refusedHeading,
    intro: [t.hello(data.name), t.refusedIntro(data.channel)],
    link: { label: t.logIn, href: data.link },
    sections: [{ title: t.reason, blocks: [{ kind: "paragraphs", lines: [data.reason] }] }],
    closing: [t.closing],
  });
}

/** The temporary password of a reset; the login that uses it must choose a new one. */
export function renderResetMail(data: Common & { username: string; password: string }): OutgoingMail {
  const t = TEXTS[data.language];
  return mail(data.to, {
    lang: data.language,
    subject: t.resetSubject(data.channel),
    heading: t.resetHeading,
    intro: [t.hello(data.name), t.resetIntro(data.username), t.resetChange],
    code: { label: t.temporary, value: data.password },
    link: { label: t.logIn, href: data.link },
    sections: [],
    closing: [t.closing],
  });
}
