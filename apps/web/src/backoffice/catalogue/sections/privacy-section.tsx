import type { Privacy } from "@alloggio/domain/contract/backoffice/channel-settings";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { fieldError } from "../../api";
import { useChoices } from "../extras/api";
import { ExtrasTable, type FormProps } from "../extras/extras-table";
import { CheckField, SelectField } from "../extras/fields";
import { type Localized, LocalizedFields, textIn } from "../extras/localized-fields";
import "./privacy.css";

type PrivacyDraft = { title: Localized; text: Localized; mandatory: boolean; channel: string };

/** Languages left blank are left out: the guest reads English there. */
const written = (text: Localized) =>
  Object.fromEntries(Object.entries(text).filter(([, value]) => value.trim() !== ""));

function PrivacyForm({ draft, setDraft, error }: FormProps<PrivacyDraft>) {
  const { t } = useTranslation("bo-privacy");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  return (
    <>
      <LocalizedFields
        label={t("fields.title")}
        value={draft.title}
        onChange={(title) => setDraft({ ...draft, title })}
        error={fieldError(error, "title")}
        required
      />
      <LocalizedFields
        label={t("fields.text")}
        value={draft.text}
        onChange={(text) => setDraft({ ...draft, text })}
        error={fieldError(error, "text")}
        multiline
        required
      />
      <p className="bo-hint">{t("hints.limits")}</p>
      <SelectField
        label={t("fields.channel")}
        hint={t("hints.channel")}
        value={draft.channel}
        onChange={(channel) => setDraft({ ...draft, channel })}
        error={fieldError(error, "channel")}
        options={[
          { value: "", label: t("allChannels") },
          ...(choices.data?.channels ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      <CheckField
        label={t("fields.mandatory")}
        checked={draft.mandatory}
        onChange={(mandatory) => setDraft({ ...draft, mandatory })}
      />
    </>
  );
}

/**
 * The catalogue's privacy texts: the hotel's own consents, shown as extra checkboxes at the guest
 * checkout (a mandatory one must be ticked to book), on every channel of the hotel or on one.
 */
export default function PrivacySection() {
  const { t, i18n } = useTranslation("bo-privacy");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  const channelName = (id: number | undefined) =>
    id === undefined
      ? t("allChannels")
      : (choices.data?.channels.find((c) => c.id === id)?.name ?? String(id));
  return (
    <>
      <p className="bo-hint bo-privacy-intro">{t("intro")}</p>
      <ExtrasTable<Privacy, PrivacyDraft>
        collection="privacy"
        section="privacy"
        title={t("title")}
        newLabel={t("new")}
        emptyText={t("empty")}
        nameOf={(p) => textIn(p.title, i18n.language)}
        searchText={(p) => `${Object.values(p.title).join(" ")} ${Object.values(p.text).join(" ")}`}
        columns={[
          { header: t("fields.title"), cell: (p) => textIn(p.title, i18n.language) },
          {
            header: t("fields.text"),
            cell: (p) => <span className="bo-privacy-text">{textIn(p.text, i18n.language)}</span>,
          },
          { header: t("fields.channel"), cell: (p) => channelName(p.channel) },
          { header: t("fields.mandatoryShort"), cell: (p) => (p.mandatory ? t("yes") : t("no")) },
        ]}
        blank={() => ({ title: {}, text: {}, mandatory: false, channel: "" })}
        toDraft={(p) => ({
          title: p.title,
          text: p.text,
          mandatory: p.mandatory,
          channel: p.channel === undefined ? "" : String(p.channel),
        })}
        toBody={(d) => ({
          title: written(d.title),
          text: written(d.text),
          mandatory: d.mandatory,
          ...(d.channel ? { channel: Number(d.channel) } : {}),
        })}
        Form={PrivacyForm}
      />
    </>
  );
}
