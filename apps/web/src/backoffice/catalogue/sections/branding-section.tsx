import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST } from "@alloggio/domain/branding/contrast";
import type { ChannelBranding } from "@alloggio/domain/contract/backoffice/channel-settings";
import { type CSSProperties, type Ref, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { fieldError } from "../../api";
import { ErrorNotice, Notice } from "../../ui";
import { useBranding, useSaveColours } from "./branding-api";
import "./privacy.css";

const HEX = /^#[0-9a-fA-F]{6}$/;
const isHex = (value: string) => HEX.test(value.trim());

/** A colour: the browser's colour picker and the same colour written #rrggbb, both labelled. */
function ColourField({
  label,
  value,
  onChange,
  disabled,
  error,
  status,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string | undefined;
  /** A line under the field, announced when it changes (the contrast). */
  status?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation("bo-privacy");
  const id = useId();
  const described = [`${id}-hint`, status ? `${id}-status` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="bo-field bo-colour-field">
      <label htmlFor={id}>{label}</label>
      <div className="bo-colour-inputs">
        <input
          type="color"
          aria-label={t("branding.picker", { name: label })}
          value={isHex(value) ? value.trim().toLowerCase() : "#000000"}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          ref={inputRef}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          aria-describedby={described}
          {...(error ? { "aria-invalid": true } : {})}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p id={`${id}-hint`} className="bo-hint">
        {t("branding.hexHint")}
      </p>
      {status ? (
        <p id={`${id}-status`} className="bo-hint" aria-live="polite">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="bo-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One channel's colours: the fields, the live preview, the contrast check, Save. */
function ChannelCard({ channel, editable }: { channel: ChannelBranding; editable: boolean }) {
  const { t } = useTranslation("bo-privacy");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const [primary, setPrimary] = useState(channel.colors.primary);
  const [secondary, setSecondary] = useState(channel.colors.secondary);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const primaryRef = useRef<HTMLInputElement>(null);
  const secondaryRef = useRef<HTMLInputElement>(null);
  const save = useSaveColours(hotel, channel.id);

  const ratio = isHex(primary) ? contrastRatio(primary.trim(), "#ffffff") : null;
  const readable = ratio !== null && ratio >= MIN_TEXT_CONTRAST;
  const primaryProblem = !isHex(primary)
    ? t("branding.errors.hex")
    : !readable && ratio !== null
      ? t("branding.errors.contrast", { ratio: formatRatio(ratio), min: `${MIN_TEXT_CONTRAST}:1` })
      : undefined;
  const secondaryProblem = isHex(secondary) ? undefined : t("branding.errors.hex");
  // The contrast is checked as the colour changes; a colour written wrong is named at Save.
  const primaryError =
    (checked || isHex(primary) ? primaryProblem : undefined) ?? fieldError(save.error, "primary");
  const secondaryError = (checked ? secondaryProblem : undefined) ?? fieldError(save.error, "secondary");
  const contrast =
    ratio === null
      ? undefined
      : readable
        ? t("branding.contrastOk", { ratio: formatRatio(ratio), min: `${MIN_TEXT_CONTRAST}:1` })
        : undefined;

  // The preview shows the last colours that are written right.
  const preview = {
    "--bo-brand-primary": isHex(primary) ? primary.trim() : channel.colors.primary,
    "--bo-brand-secondary": isHex(secondary) ? secondary.trim() : channel.colors.secondary,
  } as CSSProperties;
  const headingId = `channel-${channel.id}-heading`;
  return (
    <section className="bo-card bo-channel" aria-labelledby={headingId}>
      <h2 id={headingId}>{channel.name}</h2>
      <p className="bo-hint">
        {t(`branding.kind.${channel.kind === "trade" ? "trade" : "direct"}`)} ·{" "}
        {t("branding.sharedBy", { count: channel.hotels })}
      </p>
      <form
        className="bo-channel-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          setSaved(false);
          if (primaryProblem) {
            primaryRef.current?.focus();
            return;
          }
          if (secondaryProblem) {
            secondaryRef.current?.focus();
            return;
          }
          save.mutate(
            { primary: primary.trim(), secondary: secondary.trim() },
            { onSuccess: () => setSaved(true) },
          );
        }}
      >
        <div className="bo-channel-fields">
          <ColourField
            label={t("branding.primary")}
            value={primary}
            onChange={(value) => {
              setPrimary(value);
              setSaved(false);
            }}
            disabled={!editable}
            error={primaryError}
            status={contrast}
            inputRef={primaryRef}
          />
          <ColourField
            label={t("branding.secondary")}
            value={secondary}
            onChange={(value) => {
              setSecondary(value);
              setSaved(false);
            }}
            disabled={!editable}
            error={secondaryError}
            inputRef={secondaryRef}
          />
        </div>
        <figure className="bo-brand-preview" style={preview}>
          <figcaption>{t("branding.preview")}</figcaption>
          <div className="bo-brand-sample">
            <span className="bo-brand-button">{t("branding.sampleButton")}</span>
            <span className="bo-brand-link">{t("branding.sampleLink")}</span>
          </div>
        </figure>
        {save.error ? <ErrorNotice error={save.error} ns="bo-privacy" /> : null}
        {saved && !save.isPending && !save.error ? <Notice>{t("branding.saved")}</Notice> : null}
        {editable ? (
          <div className="bo-extras-actions">
            <button type="submit" className="bo-button" disabled={save.isPending}>
              {save.isPending ? t("branding.saving") : t("branding.save")}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/**
 * The catalogue's branding section: the colours of each channel the hotel is on, which colour the
 * guest pages. Channels are the group's, shared by its hotels: only a user of every hotel may change them; others
 * see them read-only, and why.
 */
export default function BrandingSection() {
  const { t } = useTranslation("bo-privacy");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const branding = useBranding(hotel);
  const data = branding.data;
  return (
    <>
      <section className="bo-card" aria-labelledby="branding-heading">
        <h2 id="branding-heading">{t("branding.title")}</h2>
        <p>{t("branding.intro")}</p>
        {data && !data.editable ? <p className="bo-readonly">{t("branding.readOnly")}</p> : null}
        {branding.error ? <ErrorNotice error={branding.error} ns="bo-privacy" /> : null}
        {branding.isLoading ? <p>{t("loading")}</p> : null}
        {data && data.channels.length === 0 ? <p>{t("branding.none")}</p> : null}
      </section>
      {data?.channels.map((channel) => (
        <ChannelCard key={channel.id} channel={channel} editable={data.editable} />
      ))}
    </>
  );
}
