// The staff password-reset link: a single-use token (staff_token, purpose "reset", valid 30 minutes) to the set-up
// page, mailed in the user's language when the sign-in lockout locks the account (the mailed link that passes the
// lock, ADR 0060) and when the user asks for it ("Forgot your password?").
import type { StaffLanguage } from "@alloggio/domain/contract/backoffice/users";
import type { Db } from "../../../db/client";
import type { staffUser } from "../../../db/schema";
import type { OutgoingMail } from "../../mail";
import { enqueueMail, type MailDocument, renderHtml, renderText } from "../../mail";
import { setupLink } from "../users/invitation";
import { issueStaffToken } from "./tokens";

/** A reset link lasts this long. */
export const STAFF_RESET_TTL_MS = 30 * 60_000;

export type ResetReason = "locked" | "forgot" | "owner";

type ResetTexts = {
  subject: string;
  heading: string;
  greeting: (name: string) => string;
  reason: Record<ResetReason, string>;
  validity: (minutes: number) => string;
  ignore: string;
  button: string;
  /** The mail that tells a user an owner turned their second factor off. */
  notice: { subject: string; text: string; button: string };
};

const TEXTS: Record<StaffLanguage, ResetTexts> = {
  en: {
    subject: "Choose a new back-office password",
    heading: "Choose a new password",
    greeting: (name) => `Hello ${name},`,
    reason: {
      locked:
        "Your back-office account was locked after many failed sign-ins. If they were not yours, someone is guessing your password: choose a new one with the link below, which also unlocks the account.",
      forgot: "Someone asked to reset the password of your back-office account.",
      owner: "An owner of your group asked for a new password for your back-office account.",
    },
    validity: (minutes) => `The link works once, for ${minutes} minutes.`,
    ignore: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    button: "Choose a new password",
    notice: {
      subject: "Your back-office second factor was turned off",
      text: "Your second factor was turned off by an owner of your group. Sign in with your password, then turn it on again on your account page.",
      button: "Sign in",
    },
  },
  it: {
    subject: "Scegli una nuova password del back office",
    heading: "Scegli una nuova password",
    greeting: (name) => `Ciao ${name},`,
    reason: {
      locked:
        "Il tuo account del back office è stato bloccato dopo molti accessi non riusciti. Se non eri tu, qualcuno sta provando a indovinare la password: scegline una nuova con il link qui sotto, che sblocca anche l'account.",
      forgot: "È stato chiesto di reimpostare la password del tuo account del back office.",
      owner: "Un titolare del tuo gruppo ha chiesto una nuova password per il tuo account del back office.",
    },
    validity: (minutes) => `Il link funziona una volta sola, per ${minutes} minuti.`,
    ignore: "Se non l'hai chiesto tu, puoi ignorare questa e-mail: la password resta quella di prima.",
    button: "Scegli una nuova password",
    notice: {
      subject: "Il secondo fattore del back office è stato disattivato",
      text: "Un titolare del tuo gruppo ha disattivato il tuo secondo fattore. Accedi con la password, poi riattivalo nella pagina del tuo account.",
      button: "Accedi",
    },
  },
  de: {
    subject: "Neues Backoffice-Passwort wählen",
    heading: "Wählen Sie ein neues Passwort",
    greeting: (name) => `Hallo ${name},`,
    reason: {
      locked:
        "Ihr Backoffice-Konto wurde nach vielen fehlgeschlagenen Anmeldungen gesperrt. Wenn Sie das nicht waren, versucht jemand, Ihr Passwort zu erraten: Wählen Sie über den Link unten ein neues, das entsperrt auch das Konto.",
      forgot: "Jemand hat verlangt, das Passwort Ihres Backoffice-Kontos zurückzusetzen.",
      owner: "Ein Inhaber Ihrer Gruppe hat ein neues Passwort für Ihr Backoffice-Konto verlangt.",
    },
    validity: (minutes) => `Der Link funktioniert einmal, ${minutes} Minuten lang.`,
    ignore:
      "Wenn Sie das nicht verlangt haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.",
    button: "Neues Passwort wählen",
    notice: {
      subject: "Ihr zweiter Faktor im Backoffice wurde ausgeschaltet",
      text: "Ein Inhaber Ihrer Gruppe hat Ihren zweiten Faktor ausgeschaltet. Melden Sie sich mit Ihrem Passwort an und schalten Sie ihn auf Ihrer Kontoseite wieder ein.",
      button: "Anmelden",
    },
  },
  fr: {
    subject: "Choisissez un nouveau mot de passe du back-office",
    heading: "Choisissez un nouveau mot de passe",
    greeting: (name) => `Bonjour ${name},`,
    reason: {
      locked:
        "Votre compte du back-office a été bloqué après de nombreuses connexions échouées. Si ce n'était pas vous, quelqu'un essaie de deviner votre mot de passe : choisissez-en un nouveau avec le lien ci-dessous, qui débloque aussi le compte.",
      forgot: "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte du back-office.",
      owner:
        "Un propriétaire de votre groupe a demandé un nouveau mot de passe pour votre compte du back-office.",
    },
    validity: (minutes) => `Le lien fonctionne une seule fois, pendant ${minutes} minutes.`,
    ignore:
      "Si vous ne l'avez pas demandé, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.",
    button: "Choisir un nouveau mot de passe",
    notice: {
      subject: "Votre second facteur du back-office a été désactivé",
      text: "Un propriétaire de votre groupe a désactivé votre second facteur. Connectez-vous avec votre mot de passe, puis réactivez-le sur la page de votre compte.",
      button: "Se connecter",
    },
  },
  es: {
    subject: "Elige una nueva contraseña del back office",
    heading: "Elige una nueva contraseña",
    greeting: (name) => `Hola ${name}:`,
    reason: {
      locked:
        "Tu cuenta del back office se ha bloqueado tras muchos inicios de sesión fallidos. Si no fuiste tú, alguien intenta adivinar tu contraseña: elige una nueva con el enlace de abajo, que también desbloquea la cuenta.",
      forgot: "Alguien ha pedido restablecer la contraseña de tu cuenta del back office.",
      owner: "Un propietario de tu grupo ha pedido una nueva contraseña para tu cuenta del back office.",
    },
    validity: (minutes) => `El enlace funciona una sola vez, durante ${minutes} minutos.`,
    ignore: "Si no lo has pedido, puedes ignorar este correo: tu contraseña no cambia.",
    button: "Elegir una nueva contraseña",
    notice: {
      subject: "Se ha desactivado tu segundo factor del back office",
      text: "Un propietario de tu grupo ha desactivado tu segundo factor. Inicia sesión con tu contraseña y vuelve a activarlo en la página de tu cuenta.",
      button: "Iniciar sesión",
    },
  },
  pt: {
    subject: "Escolha uma nova palavra-passe do back office",
    heading: "Escolha uma nova palavra-passe",
    greeting: (name) => `Olá ${name},`,
    reason: {
      locked:
        "A sua conta do back office foi bloqueada depois de muitas tentativas de início de sessão falhadas. Se não foi você, alguém está a tentar adivinhar a sua palavra-passe: escolha uma nova com a ligação abaixo, que também desbloqueia a conta.",
      forgot: "Alguém pediu para repor a palavra-passe da sua conta do back office.",
      owner: "Um proprietário do seu grupo pediu uma nova palavra-passe para a sua conta do back office.",
    },
    validity: (minutes) => `A ligação funciona uma vez, durante ${minutes} minutos.`,
    ignore: "Se não foi você que pediu, pode ignorar este e-mail: a sua palavra-passe não muda.",
    button: "Escolher uma nova palavra-passe",
    notice: {
      subject: "O seu segundo fator do back office foi desativado",
      text: "Um proprietário do seu grupo desativou o seu segundo fator. Inicie sessão com a sua palavra-passe e volte a ativá-lo na página da sua conta.",
      button: "Iniciar sessão",
    },
  },
  zh: {
    subject: "设置新的管理后台密码",
    heading: "设置新密码",
    greeting: (name) => `${name}，您好：`,
    reason: {
      locked:
        "您的管理后台账户在多次登录失败后已被锁定。如果这些尝试不是您本人所为，说明有人在猜测您的密码：请通过下方链接设置新密码，这也会解锁账户。",
      forgot: "有人请求重置您的管理后台账户密码。",
      owner: "您所在集团的一位所有者为您的管理后台账户申请了新密码。",
    },
    validity: (minutes) => `该链接只能使用一次，有效期 ${minutes} 分钟。`,
    ignore: "如果这不是您的请求，可以忽略此邮件：您的密码不会改变。",
    button: "设置新密码",
    notice: {
      subject: "您的管理后台第二重验证已关闭",
      text: "您所在集团的一位所有者关闭了您的第二重验证。请用密码登录，然后在账户页面重新开启。",
      button: "登录",
    },
  },
  ja: {
    subject: "管理画面の新しいパスワードを設定してください",
    heading: "新しいパスワードを設定",
    greeting: (name) => `${name} 様`,
    reason: {
      locked:
        "サインインの失敗が続いたため、管理画面のアカウントがロックされました。ご本人でない場合、誰かがパスワードを推測しようとしています。下のリンクから新しいパスワードを設定してください。アカウントのロックも解除されます。",
      forgot: "管理画面のアカウントのパスワード再設定が依頼されました。",
      owner: "グループのオーナーが、あなたの管理画面アカウントの新しいパスワードを依頼しました。",
    },
    validity: (minutes) => `リンクは 1 回だけ、${minutes} 分間有効です。`,
    ignore: "お心当たりがない場合は、このメールを無視してください。パスワードは変わりません。",
    button: "新しいパスワードを設定",
    notice: {
      subject: "管理画面の 2 段階認証がオフになりました",
      text: "グループのオーナーがあなたの 2 段階認証をオフにしました。パスワードでサインインし、アカウントページで再度オンにしてください。",
      button: "サインイン",
    },
  },
};

/** The reset mail in the user's language (English when the language is not one of the eight). */
export function renderStaffResetMail(data: {
  to: string;
  name: string;
  language: string;
  link: string;
  reason: ResetReason;
}): OutgoingMail {
  const lang = (data.language in TEXTS ? data.language : "en") as StaffLanguage;
  const t = TEXTS[lang];
  const doc: MailDocument = {
    lang,
    subject: t.subject,
    heading: t.heading,
    intro: [t.greeting(data.name || data.to), t.reason[data.reason], t.validity(STAFF_RESET_TTL_MS / 60_000)],
    link: { label: t.button, href: data.link },
    sections: [],
    closing: [t.ignore, "Alloggio"],
  };
  return { to: data.to, subject: t.subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/** Issues a reset link for the user (earlier unused ones stop working) and queues its mail. */
export async function mailStaffResetLink(
  tx: Db,
  user: Pick<typeof staffUser.$inferSelect, "id" | "email" | "name" | "language">,
  base: string,
  now: Date,
  reason: ResetReason,
): Promise<void> {
  const token = await issueStaffToken(tx, user.id, "reset", STAFF_RESET_TTL_MS, now);
  const mail = renderStaffResetMail({
    to: user.email,
    name: user.name,
    language: user.language,
    link: setupLink(base, token),
    reason,
  });
  await enqueueMail(tx, { ...mail, now });
}

/** Tells a user that an owner turned their second factor off (audited; the user signs in with the password). */
export async function mailSecondFactorReset(
  tx: Db,
  user: Pick<typeof staffUser.$inferSelect, "email" | "name" | "language">,
  base: string,
  now: Date,
): Promise<void> {
  const lang = (user.language in TEXTS ? user.language : "en") as StaffLanguage;
  const t = TEXTS[lang];
  const doc: MailDocument = {
    lang,
    subject: t.notice.subject,
    heading: t.notice.subject,
    intro: [t.greeting(user.name || user.email), t.notice.text],
    link: { label: t.notice.button, href: `${base.replace(/\/+$/, "")}/admin/sign-in` },
    sections: [],
    closing: ["Alloggio"],
  };
  const mail = { to: user.email, subject: t.notice.subject, html: renderHtml(doc), text: renderText(doc) };
  await enqueueMail(tx, { ...mail, attachments: [], now });
}
