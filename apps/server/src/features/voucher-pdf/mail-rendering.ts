// The reservation's mails as they are sent: the mail layer's texts and layouts, with the reservation read through
// the booking's one read model and the PDFs drawn here. The outbox (mail) stores and sends; this renders.
import { findLanguage } from "@alloggio/domain/i18n/languages";
import type { Database, Db } from "../../db/client";
import type { MailRecipe } from "../../db/schema";
import { findReservation } from "../booking";
import {
  agencyCommissionOf,
  type DeliveryCounts,
  deliverOutbox,
  type MailAttachment,
  type MailChange,
  type MailTransport,
  type OutgoingMail,
  type RecipeRenderer,
  type ReservationMailData,
  renderAgencyMail,
  renderHotelNotice,
  renderInstallmentNotice,
  renderPendingOutbox,
  renderReservationMail,
  type StoredReservation,
} from "../mail";
import { renderAgencyPdf } from "./agency-pdf";
import type { PdfRenderer } from "./pdf-thread";
import { renderReservationVoucher } from "./service";

/** The voucher PDF (ADR 0017) as a mail attachment, in base64 as the outbox keeps binary files. */
async function buildVoucherAttachment(
  data: ReservationMailData,
  languageId: number,
  now: Date,
  renderer?: PdfRenderer,
): Promise<MailAttachment> {
  const pdf = await renderReservationVoucher(data, languageId, now, renderer);
  return {
    filename: pdf.filename,
    contentType: "application/pdf",
    content: pdf.content.toString("base64"),
    encoding: "base64",
  };
}

/**
 * Renders one outbox recipe (ADR 0047) from the reservation as it stands now: the guest's mail in the
 * reservation's language with the .ics and the voucher PDF, the hotel's notice, the agency's mail with its PDF, or
 * an installment's activation e-mail. `at` stamps the PDFs (the time the mail was enqueued). `facts` may be given
 * when the caller already loaded them (the guest's and the hotel's mail of one reservation in one batch); `pdf`
 * draws the voucher (the mail job's thread, ADR 0055), here when not given.
 */
export async function renderMailRecipe(
  executor: Db,
  reservationId: number,
  recipe: MailRecipe,
  at: Date,
  facts?: StoredReservation | null,
  pdf?: PdfRenderer,
): Promise<OutgoingMail> {
  const loaded = facts === undefined ? await findReservation(executor, reservationId) : facts;
  if (!loaded) throw new Error(`render: no reservation ${reservationId}`);
  const data: ReservationMailData = { ...loaded, baseUrl: recipe.baseUrl };
  const change = recipe.change as MailChange | undefined;
  switch (recipe.kind) {
    case "reservation_guest": {
      const guest = renderReservationMail(data, data.languageId, change);
      guest.attachments.push(await buildVoucherAttachment(data, data.languageId, at, pdf));
      return guest;
    }
    case "reservation_hotel":
      return renderHotelNotice(data, change);
    case "reservation_agency": {
      const file = await renderAgencyPdf(
        data,
        "agency",
        {
          agencyName: data.agency?.fullname ?? "",
          totalMinor: data.totalMinor,
          commissionMinor: agencyCommissionOf(data),
        },
        findLanguage(data.languageId).id,
        at,
      );
      return renderAgencyMail(data, file, { change, optionReminder: recipe.optionReminder });
    }
    case "installment_notice": {
      if (recipe.paymentDueId === undefined)
        throw new Error("render: an installment notice without its payment");
      return renderInstallmentNotice(data, recipe.paymentDueId);
    }
    default:
      throw new Error(`render: unknown recipe ${String((recipe as { kind: unknown }).kind)}`);
  }
}

/** The outbox's renderer of reservation mails: each batch reads a reservation once for all its mails. */
export function reservationMailRenderer(database: Database, pdf?: PdfRenderer): RecipeRenderer {
  return () => {
    const facts = new Map<number, Promise<StoredReservation | null>>();
    return async (reservationId, recipe, at) => {
      let loading = facts.get(reservationId);
      if (!loading) {
        loading = findReservation(database.db, reservationId);
        facts.set(reservationId, loading);
      }
      return renderMailRecipe(database.db, reservationId, recipe, at, await loading, pdf);
    };
  };
}

/**
 * Sends the mails due at `now` (the outbox's `deliverOutbox`), rendering the reservations' recipes here first.
 * Without a transport it only renders.
 */
export function deliverDueMail(
  database: Database,
  transport: MailTransport | null,
  now: Date,
  limit = 20,
  /** The share of the time rendering may take (the job: a quarter); 1: render without pause (tests). */
  renderShare = 1,
  /** True once the job is stopping: rendering ends after the current mail, the rest is released at once. */
  shouldStop: () => boolean = () => false,
  /** Where voucher PDFs are drawn: the job's thread (ADR 0055); here when not given. */
  pdf?: PdfRenderer,
): Promise<DeliveryCounts> {
  return deliverOutbox(
    database,
    transport,
    now,
    reservationMailRenderer(database, pdf),
    limit,
    renderShare,
    shouldStop,
  );
}

/**
 * Renders every mail still waiting to be rendered, at once and without a lease (tests read the outbox after a
 * request; one process). A mail that fails to render is left as it was. Returns how many were rendered.
 */
export function renderPendingMails(database: Database, now = new Date()): Promise<number> {
  return renderPendingOutbox(database, reservationMailRenderer(database), now);
}
