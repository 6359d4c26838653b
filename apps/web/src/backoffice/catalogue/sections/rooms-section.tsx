import type { BoRoomType, RoomTypeInput } from "@alloggio/domain/contract/backoffice/property";
import { thumbnailOf } from "@alloggio/domain/contract/backoffice/property";
import { ROOM_AMENITIES } from "@alloggio/domain/contract/property/amenities";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { AppLink } from "../../../ui/app-link";
import { boGet, boPut, boUpload } from "../../api";
import { boHref } from "../../routes";
import { ErrorNotice, Field } from "../../ui";
import { useItemForm } from "../property/item-form";
import {
  Card,
  Check,
  ConfirmDelete,
  compactText,
  FormActions,
  type Localized,
  LocalizedFields,
  NumberInput,
} from "../property/shared";

const pick = (text: Localized, language: string) => text[language] || text.en || "";

/** The catalogue's rooms section: the room types, and one room type's form and photos. */
export default function RoomsSection() {
  const { itemId } = useParams<{ itemId?: string }>();
  return itemId ? <RoomTypeEditor itemId={itemId} /> : <RoomTypeList />;
}

function useHotel() {
  const { hotel } = useParams<{ hotel: string }>();
  return hotel;
}

function RoomTypeList() {
  const hotel = useHotel();
  const { t, i18n } = useTranslation("bo-property");
  const query = useQuery({
    queryKey: ["backoffice", "room-types", hotel],
    queryFn: (): Promise<{ items: BoRoomType[] }> => boGet(`hotels/${hotel}/room-types`),
  });
  return (
    <section aria-labelledby="bo-rooms-heading">
      <h2 id="bo-rooms-heading">{t("rooms.title")}</h2>
      <p className="bo-list-actions">
        <AppLink
          className="bo-button"
          to={boHref("boCatalogueItem", { hotel, section: "rooms", itemId: "new" })}
        >
          {t("rooms.new")}
        </AppLink>
      </p>
      <ErrorNotice error={query.error} ns="bo-property" />
      {query.data ? (
        <div className="bo-table-wrap">
          <table className="bo-table bo-stack bo-catalogue-table">
            <thead>
              <tr>
                <th scope="col">{t("rooms.code")}</th>
                <th scope="col">{t("rooms.name")}</th>
                <th scope="col" className="num">
                  {t("rooms.maxOccupancy")}
                </th>
                <th scope="col" className="num">
                  {t("rooms.maxAdults")}
                </th>
                <th scope="col" className="num">
                  {t("rooms.photos")}
                </th>
                <th scope="col" className="num">
                  {t("rooms.sortOrder")}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((room) => (
                <tr key={room.id}>
                  <th scope="row">
                    <code>{room.code}</code>
                  </th>
                  <td data-label={t("rooms.name")}>
                    <AppLink
                      to={boHref("boCatalogueItem", { hotel, section: "rooms", itemId: String(room.id) })}
                    >
                      {pick(room.name, i18n.language)}
                    </AppLink>
                  </td>
                  <td className="num" data-label={t("rooms.maxOccupancy")}>
                    {room.maxOccupancy}
                  </td>
                  <td className="num" data-label={t("rooms.maxAdults")}>
                    {room.maxAdults}
                  </td>
                  <td className="num" data-label={t("rooms.photos")}>
                    {room.gallery.length}
                  </td>
                  <td className="num" data-label={t("rooms.sortOrder")}>
                    {room.sortOrder ?? 0}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="status">{t("form.loading")}</p>
      )}
    </section>
  );
}

const EMPTY: RoomTypeInput = {
  code: "",
  name: { en: "" },
  amenities: [],
  minOccupancy: 1,
  maxOccupancy: 2,
  maxAdults: 2,
  maxChildren: 0,
  sortOrder: 0,
};

function RoomTypeEditor({ itemId }: { itemId: string }) {
  const hotel = useHotel();
  const isNew = itemId === "new";
  const { t } = useTranslation("bo-property");
  const query = useQuery({
    queryKey: ["backoffice", "room-type", hotel, itemId],
    queryFn: (): Promise<BoRoomType> => boGet(`hotels/${hotel}/room-types/${itemId}`),
    enabled: !isNew,
  });
  if (query.error) return <ErrorNotice error={query.error} ns="bo-property" />;
  if (!isNew && !query.data) return <p role="status">{t("form.loading")}</p>;
  return <RoomTypeForm key={itemId} hotel={hotel} room={query.data ?? null} />;
}

function RoomTypeForm({ hotel, room }: { hotel: string; room: BoRoomType | null }) {
  const { t } = useTranslation(["bo-property", "rooms"]);
  const queryClient = useQueryClient();
  const { draft, set, saved, save, remove, errors, listHref, navigate } = useItemForm<
    RoomTypeInput,
    BoRoomType
  >({
    hotel,
    section: "rooms",
    path: "room-types",
    item: room,
    initial: () => {
      if (!room) return EMPTY;
      const { id: _id, gallery: _gallery, ...input } = room;
      return input;
    },
    onSaved: (data) => queryClient.setQueryData(["backoffice", "room-type", hotel, String(data.id)], data),
  });
  const number = (
    name: "minOccupancy" | "maxOccupancy" | "maxAdults" | "maxChildren" | "sortOrder",
    max: number,
  ) => (
    <Field label={t(`rooms.${name}`)} error={errors[name]}>
      {(props) => (
        <NumberInput
          {...props}
          min={0}
          max={max}
          value={draft[name]}
          onChange={(v) => set(name, v as RoomTypeInput[typeof name] & number)}
        />
      )}
    </Field>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...draft,
      name: compactText(draft.name) ?? { en: "" },
      description: compactText(draft.description),
    });
  };
  const amenities = new Set(draft.amenities ?? []);
  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="bo-room-form-heading">
        <h2 id="bo-room-form-heading">{room ? t("rooms.edit", { code: room.code }) : t("rooms.new")}</h2>
        <ErrorNotice error={save.error} ns="bo-property" />
        <Card title={t("form.general")}>
          <Field label={t("rooms.code")} hint={t("form.codeHint")} error={errors.code}>
            {(props) => (
              <input {...props} required value={draft.code} onChange={(e) => set("code", e.target.value)} />
            )}
          </Field>
          {number("sortOrder", 1000)}
          <LocalizedFields
            legend={t("rooms.name")}
            value={draft.name}
            onChange={(v) => set("name", v)}
            required
            error={errors.name ?? errors["name.en"]}
          />
          <LocalizedFields
            legend={t("rooms.description")}
            value={draft.description}
            onChange={(v) => set("description", v)}
            multiline
            error={errors.description}
          />
        </Card>
        <Card title={t("rooms.capacity")}>
          {number("minOccupancy", 40)}
          {number("maxOccupancy", 40)}
          {number("maxAdults", 40)}
          {number("maxChildren", 40)}
        </Card>
        <Card title={t("rooms.amenities")}>
          <fieldset className="bo-checks bo-wide">
            <legend>{t("rooms.amenitiesLegend")}</legend>
            <div className="bo-check-list">
              {ROOM_AMENITIES.map((code) => (
                <Check
                  key={code}
                  label={t(`rooms:amenity.${code}`, { defaultValue: code })}
                  checked={amenities.has(code)}
                  onChange={(on) =>
                    set(
                      "amenities",
                      ROOM_AMENITIES.filter((a) => (a === code ? on : amenities.has(a))),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        </Card>
        <FormActions busy={save.isPending} saved={saved} onCancel={() => navigate(listHref)}>
          {room ? (
            <ConfirmDelete
              label={t("rooms.delete")}
              question={t("rooms.deleteQuestion", { code: room.code })}
              onConfirm={() => remove.mutate()}
              busy={remove.isPending}
            />
          ) : null}
        </FormActions>
        <ErrorNotice error={remove.error} ns="bo-property" />
      </form>
      {room ? <Photos hotel={hotel} room={room} /> : null}
    </>
  );
}

function Photos({ hotel, room }: { hotel: string; room: BoRoomType }) {
  const { t } = useTranslation("bo-property");
  const queryClient = useQueryClient();
  const inputId = useId();
  const [message, setMessage] = useState("");
  const [gallery, setGallery] = useState(room.gallery);
  const apply = async (data: BoRoomType, text: string) => {
    setGallery(data.gallery);
    setMessage(text);
    queryClient.setQueryData(["backoffice", "room-type", hotel, String(room.id)], data);
    await queryClient.invalidateQueries({ queryKey: ["backoffice", "room-types", hotel] });
  };
  const upload = useMutation({
    mutationFn: (file: File): Promise<BoRoomType> => {
      const form = new FormData();
      form.append("photo", file);
      return boUpload(`hotels/${hotel}/room-types/${room.id}/photos`, form);
    },
    onSuccess: (data) => apply(data, t("photos.uploaded")),
  });
  const reorder = useMutation({
    mutationFn: (next: string[]): Promise<BoRoomType> =>
      boPut(`hotels/${hotel}/room-types/${room.id}/gallery`, { gallery: next }),
    onSuccess: (data) => apply(data, t("photos.saved")),
  });
  const move = (index: number, by: number) => {
    const next = [...gallery];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    reorder.mutate(next);
  };
  return (
    <section className="bo-card" aria-labelledby="bo-photos-heading">
      <h2 id="bo-photos-heading">{t("photos.title")}</h2>
      <ErrorNotice error={upload.error ?? reorder.error} ns="bo-property" />
      {gallery.length === 0 ? <p>{t("photos.none")}</p> : null}
      <ol className="bo-photos">
        {gallery.map((url, index) => (
          <li key={url}>
            <img src={thumbnailOf(url)} alt={t("photos.alt", { position: index + 1 })} loading="lazy" />
            <div className="bo-photo-actions">
              <button
                type="button"
                className="bo-button secondary"
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
                aria-label={t("photos.moveLeft", { position: index + 1 })}
              >
                {t("photos.left")}
              </button>
              <button
                type="button"
                className="bo-button secondary"
                disabled={index === gallery.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
                aria-label={t("photos.moveRight", { position: index + 1 })}
              >
                {t("photos.right")}
              </button>
              <button
                type="button"
                className="bo-button danger"
                disabled={reorder.isPending}
                onClick={() => {
                  if (window.confirm(t("photos.removeQuestion", { position: index + 1 })))
                    reorder.mutate(gallery.filter((u) => u !== url));
                }}
                aria-label={t("photos.remove", { position: index + 1 })}
              >
                {t("photos.removeShort")}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="bo-field">
        <label htmlFor={inputId}>{t("photos.upload")}</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${inputId}-hint`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = "";
          }}
        />
        <p id={`${inputId}-hint`} className="bo-hint">
          {t("photos.hint")}
        </p>
      </div>
      <p role="status" className="bo-saved">
        {upload.isPending ? t("photos.uploading") : message}
      </p>
    </section>
  );
}
