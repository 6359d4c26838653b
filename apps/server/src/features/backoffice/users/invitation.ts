// The staff invitation: a single-use link (staff_token, purpose "invitation", only its SHA-256 stored; issued and
// consumed by the sign-in's token functions) and the mail that carries it, in the invitee's language.
import { INVITATION_VALID_HOURS, type StaffLanguage } from "@alloggio/domain/contract/backoffice/users";
import type { Db } from "../../../db/client";
import type { OutgoingMail } from "../../mail";
import { type MailDocument, renderHtml, renderText } from "../../mail";
import { expireStaffTokens } from "../auth/repository";
import { issueStaffToken } from "../auth/tokens";

export const INVITATION = "invitation" as const;

/** A new invitation token for a user, valid 72 h (earlier unused invitations stop working); the token itself. */
export function issueInvitationToken(db: Db, userId: number, now: Date): Promise<string> {
  return issueStaffToken(db, userId, INVITATION, INVITATION_VALID_HOURS * 3_600_000, now);
}

/** Marks a user's unused invitation links used (a disabled user, a new invitation). */
export async function revokeInvitations(db: Db, userId: number, now: Date): Promise<void> {
  await expireStaffTokens(db, userId, INVITATION, now);
}

/** `<base>/admin/setup/<token>`: where the invitee sets a password. */
export const setupLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/admin/setup/${encodeURIComponent(token)}`;

type InvitationTexts = {
  subject: (group: string) => string;
  heading: string;
  greeting: (name: string) => string;
  intro: (inviter: string, group: string, role: string) => string;
  validity: (hours: number) => string;
  ignore: string;
  button: string;
  roles: Record<"owner" | "manager" | "reception", string>;
  closing: string;
};

const TEXTS: Record<StaffLanguage, InvitationTexts> = {
  en: {
    subject: (group) => `Your invitation to the ${group} back office`,
    heading: "You are invited to the back office",
    greeting: (name) => `Hello ${name},`,
    intro: (inviter, group, role) =>
      `${inviter} invited you to work in the Alloggio back office of ${group} as ${role}.`,
    validity: (hours) => `Choose your password with the link below. It works once, for ${hours} hours.`,
    ignore: "If you did not expect this invitation, you can ignore this e-mail.",
    button: "Set your password",
    roles: { owner: "owner", manager: "manager", reception: "reception" },
    closing: "Alloggio",
  },
  it: {
    subject: (group) => `Il tuo invito al back office di ${group}`,
    heading: "Sei invitato nel back office",
    greeting: (name) => `Ciao ${name},`,
    intro: (inviter, group, role) =>
      `${inviter} ti ha invitato a lavorare nel back office Alloggio di ${group} come ${role}.`,
    validity: (hours) =>
      `Scegli la tua password con il link qui sotto. Funziona una volta sola, per ${hours} ore.`,
    ignore: "Se non aspettavi questo invito, puoi ignorare questa e-mail.",
    button: "Imposta la password",
    roles: { owner: "titolare", manager: "responsabile", reception: "receptionist" },
    closing: "Alloggio",
  },
  de: {
    subject: (group) => `Ihre Einladung in das Backoffice von ${group}`,
    heading: "Sie sind in das Backoffice eingeladen",
    greeting: (name) => `Hallo ${name},`,
    intro: (inviter, group, role) =>
      `${inviter} hat Sie eingeladen, im Alloggio-Backoffice von ${group} als ${role} zu arbeiten.`,
    validity: (hours) =>
      `Wählen Sie Ihr Passwort über den Link unten. Er funktioniert einmal, ${hours} Stunden lang.`,
    ignore: "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    button: "Passwort festlegen",
    roles: { owner: "Inhaber", manager: "Manager", reception: "Rezeption" },
    closing: "Alloggio",
  },
  fr: {
    subject: (group) => `Votre invitation au back-office de ${group}`,
    heading: "Vous êtes invité au back-office",
    greeting: (name) => `Bonjour ${name},`,
    intro: (inviter, group, role) =>
      `${inviter} vous a invité à travailler dans le back-office Alloggio de ${group} en tant que ${role}.`,
    validity: (hours) =>
      `Choisissez votre mot de passe avec le lien ci-dessous. Il fonctionne une seule fois, pendant ${hours} heures.`,
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
    button: "Définir votre mot de passe",
    roles: { owner: "propriétaire", manager: "responsable", reception: "réception" },
    closing: "Alloggio",
  },
  es: {
    subject: (group) => `Tu invitación al back office de ${group}`,
    heading: "Estás invitado al back office",
    greeting: (name) => `Hola ${name}:`,
    intro: (inviter, group, role) =>
      `${inviter} te ha invitado a trabajar en el back office de Alloggio de ${group} como ${role}.`,
    validity: (hours) =>
      `Elige tu contraseña con el enlace de abajo. Funciona una sola vez, durante ${hours} horas.`,
    ignore: "Si no esperabas esta invitación, puedes ignorar este correo.",
    button: "Establecer la contraseña",
    roles: { owner: "propietario", manager: "gerente", reception: "recepción" },
    closing: "Alloggio",
  },
  pt: {
    subject: (group) => `O seu convite para o back office de ${group}`,
    heading: "Está convidado para o back office",
    greeting: (name) => `Olá ${name},`,
    intro: (inviter, group, role) =>
      `${inviter} convidou-o a trabalhar no back office Alloggio de ${group} como ${role}.`,
    validity: (hours) =>
      `Escolha a sua palavra-passe com a ligação abaixo. Funciona uma vez, durante ${hours} horas.`,
    ignore: "Se não esperava este convite, pode ignorar este e-mail.",
    button: "Definir a palavra-passe",
    roles: { owner: "proprietário", manager: "gerente", reception: "receção" },
    closing: "Alloggio",
  },
  zh: {
    subject: (group) => `${group} 后台的邀请`,
    heading: "您受邀使用后台",
    greeting: (name) => `${name}，您好：`,
    intro: (inviter, group, role) => `${inviter} 邀请您以${role}身份使用 ${group} 的 Alloggio 后台。`,
    validity: (hours) => `请通过下面的链接设置密码。该链接只能使用一次，有效期 ${hours} 小时。`,
    ignore: "如果您没有预料到此邀请，可以忽略这封邮件。",
    button: "设置密码",
    roles: { owner: "所有者", manager: "经理", reception: "前台" },
    closing: "Alloggio",
  },
  ja: {
    subject: (group) => `${group} 管理画面へのご招待`,
    heading: "管理画面に招待されました",
    greeting: (name) => `${name} 様`,
    intro: (inviter, group, role) =>
      `${inviter} さんから、${group} の Alloggio 管理画面に${role}として招待されました。`,
    validity: (hours) =>
      `下のリンクからパスワードを設定してください。リンクは 1 回だけ、${hours} 時間有効です。`,
    ignore: "心当たりのない場合は、このメールを無視してください。",
    button: "パスワードを設定",
    roles: { owner: "オーナー", manager: "マネージャー", reception: "フロント" },
    closing: "Alloggio",
  },
};

export type InvitationData = {
  to: string;
  name: string;
  language: string;
  role: "owner" | "manager" | "reception";
  inviter: string;
  group: string;
  link: string;
};

/** The invitation mail in the invitee's language (English when the language is not one of the eight). */
export function renderInvitationMail(data: InvitationData): OutgoingMail {
  const lang = (data.language in TEXTS ? data.language : "en") as StaffLanguage;
  const t = TEXTS[lang];
  const subject = t.subject(data.group);
  const doc: MailDocument = {
    lang,
    subject,
    heading: t.heading,
    intro: [
      t.greeting(data.name),
      t.intro(data.inviter, data.group, t.roles[data.role]),
      t.validity(INVITATION_VALID_HOURS),
    ],
    link: { label: t.button, href: data.link },
    sections: [],
    closing: [t.ignore, t.closing],
  };
  return { to: data.to, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}
