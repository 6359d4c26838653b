import type {
  BoOfferAttachment,
  BoOfferAttachmentList,
} from "@alloggio/domain/contract/backoffice/offer-attachments";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES,
  type AttachmentContentType,
  checkAttachment,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_OFFER,
  SNIFF_BYTES,
} from "@alloggio/domain/offers/attachment-type";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { formatFileSize } from "../../lib/format";
import { boDelete, boGet, boUpload } from "../api";
import { ErrorNotice, Notice } from "../ui";
import "./attachments-panel.css";

const NS = "bo-offer-files";

/** The query of one offer's attachments (the offer page may invalidate it). */
export const offerFilesQuery = (hotel: number, offerId: number) =>
  ["backoffice", "offer-files", hotel, offerId] as const;

const filesPath = (hotel: number, offerId: number) => `hotels/${hotel}/offers/${offerId}/attachments`;

function listFiles(hotel: number, offerId: number) {
  return boGet<BoOfferAttachmentList>(filesPath(hotel, offerId));
}
function uploadFile(hotel: number, offerId: number, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return boUpload<BoOfferAttachment>(filesPath(hotel, offerId), form);
}
function removeFile(hotel: number, offerId: number, file: BoOfferAttachment) {
  return boDelete<void>(`${filesPath(hotel, offerId)}/${file.id}`);
}

/** The first bytes of a file, for the same type check the server makes. */
async function headOf(file: File): Promise<Uint8Array> {
  const part = file.slice(0, SNIFF_BYTES);
  const buffer =
    typeof part.arrayBuffer === "function"
      ? await part.arrayBuffer()
      : await new Response(part).arrayBuffer();
  return new Uint8Array(buffer);
}

function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.language || "en";
  const size = (bytes: number) => formatFileSize(bytes, language);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return { size, date };
}

type Status =
  | { kind: "idle" }
  | { kind: "uploading"; name: string }
  | { kind: "saved"; name: string }
  | { kind: "removed"; name: string };

/**
 * The attachments of one offer on its back-office page (ADR 0039): list (name, type, size, download),
 * upload (checked here with the server's own rule first), remove with a confirmation, while the offer is open.
 * `editable=false` shows the list only.
 */
export function OfferAttachmentsPanel({
  hotel,
  offerId,
  editable,
}: {
  hotel: number;
  offerId: number;
  editable: boolean;
}) {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  const queryClient = useQueryClient();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [problem, setProblem] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<BoOfferAttachment | null>(null);

  const query = useQuery({
    queryKey: offerFilesQuery(hotel, offerId),
    queryFn: () => listFiles(hotel, offerId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: offerFilesQuery(hotel, offerId) });

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(hotel, offerId, file),
    onSuccess: (saved) => {
      setStatus({ kind: "saved", name: saved.filename });
      void refresh();
    },
    onError: (error) => {
      setStatus({ kind: "idle" });
      setProblem(error);
      void refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (file: BoOfferAttachment) => removeFile(hotel, offerId, file),
    onSuccess: (_nothing, file) => {
      setConfirming(null);
      setStatus({ kind: "removed", name: file.filename });
      void refresh();
    },
    onError: (error) => {
      setConfirming(null);
      setProblem(error);
      void refresh();
    },
  });

  const list = query.data;
  const files = list?.attachments ?? [];
  const max = list?.max ?? MAX_ATTACHMENTS_PER_OFFER;
  const canChange = editable && (list?.editable ?? false);
  const full = files.length >= max;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    const refused = checkAttachment({ size: file.size, head: await headOf(file) });
    if (refused) {
      setStatus({ kind: "idle" });
      setProblem(new ApiError(400, refused, refused, [{ field: "file", message: file.name }]));
      return;
    }
    setStatus({ kind: "uploading", name: file.name });
    upload.mutate(file);
  }

  const typeLabel = (type: string) => ATTACHMENT_TYPES[type as AttachmentContentType]?.label ?? type;
  const maxSize = format.size(MAX_ATTACHMENT_BYTES);

  return (
    <section className="bo-card bo-offer-files" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("title")}</h2>
      <p className="bo-offer-files-intro">{t("intro", { size: maxSize, max })}</p>
      {query.isPending ? <p>{t("loading")}</p> : null}
      {query.isError ? <ErrorNotice error={query.error} ns={NS} /> : null}
      {list ? (
        files.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="bo-offer-files-caption">{t("count", { count: files.length, max })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.type")}</th>
                  <th scope="col">{t("columns.size")}</th>
                  <th scope="col">{t("columns.added")}</th>
                  {canChange ? (
                    <th scope="col">
                      <span className="bo-offer-files-sr">{t("columns.actions")}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <tr key={file.id}>
                    <td className="bo-offer-files-name">
                      <a
                        href={`/api/backoffice/${filesPath(hotel, offerId)}/${file.id}`}
                        download={file.filename}
                        aria-label={t("download", { name: file.filename })}
                      >
                        {file.filename}
                      </a>
                    </td>
                    <td>{typeLabel(file.contentType)}</td>
                    <td className="bo-offer-files-nowrap">{format.size(file.size)}</td>
                    <td>
                      {file.uploadedBy
                        ? t("addedBy", { date: format.date(file.createdAt), name: file.uploadedBy })
                        : format.date(file.createdAt)}
                    </td>
                    {canChange ? (
                      <td>
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("remove.label", { name: file.filename })}
                          onClick={() => {
                            setProblem(null);
                            setConfirming(file);
                          }}
                        >
                          {t("remove.button")}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}

      {confirming ? (
        <RemoveConfirmation
          name={confirming.filename}
          pending={remove.isPending}
          onYes={() => remove.mutate(confirming)}
          onNo={() => setConfirming(null)}
        />
      ) : null}

      {list && editable && !list.editable ? <p className="bo-offer-files-closed">{t("closed")}</p> : null}

      {canChange ? (
        full ? (
          <p>{t("upload.full", { max })}</p>
        ) : (
          <div className="bo-field bo-offer-files-upload">
            <label htmlFor={inputId}>{t("upload.label")}</label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ATTACHMENT_ACCEPT}
              aria-describedby={hintId}
              disabled={upload.isPending}
              onChange={(event) => void onPick(event)}
            />
            <p id={hintId} className="bo-hint">
              {t("upload.hint", { size: maxSize, max })}
            </p>
          </div>
        )
      ) : null}

      {status.kind === "uploading" ? <Notice>{t("upload.uploading", { name: status.name })}</Notice> : null}
      {status.kind === "saved" ? <Notice>{t("upload.saved", { name: status.name })}</Notice> : null}
      {status.kind === "removed" ? <Notice>{t("remove.done", { name: status.name })}</Notice> : null}
      {problem ? <ErrorNotice error={problem} ns={NS} /> : null}
    </section>
  );
}

/** "Remove this file?": focus goes to the question's answer; Escape or "Keep it" goes back. */
function RemoveConfirmation({
  name,
  pending,
  onYes,
  onNo,
}: {
  name: string;
  pending: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useTranslation(NS);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yes.current?.focus();
  }, []);
  return (
    <fieldset
      className="bo-offer-files-confirm"
      onKeyDown={(event) => {
        if (event.key === "Escape") onNo();
      }}
    >
      <legend>{t("remove.confirm", { name })}</legend>
      <div className="bo-offer-files-confirm-actions">
        <button ref={yes} type="button" className="bo-button danger" disabled={pending} onClick={onYes}>
          {t("remove.yes")}
        </button>
        <button type="button" className="bo-button secondary" onClick={onNo}>
          {t("remove.cancel")}
        </button>
      </div>
    </fieldset>
  );
}
