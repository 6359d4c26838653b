import { STAFF_ROLES, type StaffRole } from "@alloggio/domain/contract/backoffice/access";
import {
  type InviteUser,
  STAFF_LANGUAGES,
  STAFF_STATUSES,
  type StaffUser,
  type StaffUsers,
  type UpdateUser,
} from "@alloggio/domain/contract/backoffice/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { useNavigateTo } from "../../ui/app-link";
import { boDelete, boGet, boPatch, boPost, fieldError } from "../api";
import { formatHotelInstant } from "../format";
import { useBoLanguage } from "../language";
import { boHref } from "../routes";
import { useStaff } from "../staff";
import { BoPage, ErrorNotice, Field, Notice } from "../ui";
import "./users.css";

const USERS_QUERY = ["backoffice", "users"] as const;
const NS = "bo-users";

type HotelRef = { id: number; name: string };
type Scope = { allHotels: boolean; hotels: number[] };

/** All hotels, or a set of them (at least one). */
function HotelScope({
  hotels,
  value,
  onChange,
  error,
}: {
  hotels: HotelRef[];
  value: Scope;
  onChange: (next: Scope) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(NS);
  const id = useId();
  const toggle = (hotel: number, on: boolean) =>
    onChange({
      allHotels: false,
      hotels: on ? [...new Set([...value.hotels, hotel])] : value.hotels.filter((h) => h !== hotel),
    });
  return (
    <fieldset className="bo-users-scope" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t("fields.hotels")}</legend>
      <label>
        <input
          type="radio"
          name={`${id}-scope`}
          checked={value.allHotels}
          onChange={() => onChange({ ...value, allHotels: true })}
        />{" "}
        {t("fields.allHotels")}
      </label>
      <label>
        <input
          type="radio"
          name={`${id}-scope`}
          checked={!value.allHotels}
          onChange={() => onChange({ ...value, allHotels: false })}
        />{" "}
        {t("fields.someHotels")}
      </label>
      {value.allHotels ? null : (
        <ul className="bo-users-hotels">
          {hotels.map((hotel) => (
            <li key={hotel.id}>
              <label>
                <input
                  type="checkbox"
                  checked={value.hotels.includes(hotel.id)}
                  onChange={(e) => toggle(hotel.id, e.target.checked)}
                  aria-invalid={error ? true : undefined}
                />{" "}
                {hotel.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="bo-field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RoleSelect({ value, onChange }: { value: StaffRole; onChange: (role: StaffRole) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Field label={t("fields.role")} hint={t(`roleHints.${value}`)}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function LanguageSelect({ value, onChange }: { value: string; onChange: (language: string) => void }) {
  const { t } = useTranslation(["bo", NS]);
  return (
    <Field label={t(`${NS}:fields.language`)} hint={t(`${NS}:hints.language`)}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {STAFF_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`bo:languages.${code}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type UserValues = { name: string; role: StaffRole; scope: Scope; language: string };

/** The fields an invitation and an edit share: name, role (not one's own), language, hotels, and the buttons. */
function UserForm({
  id,
  title,
  initial,
  hotels,
  showRole,
  error,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  id: string;
  title: string;
  initial: UserValues;
  hotels: HotelRef[];
  showRole: boolean;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: UserValues) => void;
  onCancel: () => void;
  /** What comes before the name: the invitation's e-mail field, the edited user's address. */
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(initial.name);
  const [role, setRole] = useState<StaffRole>(initial.role);
  const [scope, setScope] = useState<Scope>(initial.scope);
  const [language, setLanguage] = useState(initial.language);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name, role, scope, language });
  };
  return (
    <section className="bo-card" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={error} ns={NS} />
        <div className="bo-users-grid">
          {children}
          <Field label={t("fields.name")} error={fieldError(error, "name")}>
            {(props) => <input {...props} required value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          {showRole ? <RoleSelect value={role} onChange={setRole} /> : null}
          <LanguageSelect value={language} onChange={setLanguage} />
        </div>
        <HotelScope hotels={hotels} value={scope} onChange={setScope} error={fieldError(error, "hotels")} />
        <div className="bo-users-buttons">
          <button type="submit" className="bo-button" disabled={pending}>
            {submitLabel}
          </button>
          <button type="button" className="bo-button secondary" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}

const scopeFields = (scope: Scope) => ({
  allHotels: scope.allHotels,
  hotels: scope.allHotels ? [] : scope.hotels,
});

function InviteForm({
  hotels,
  onDone,
  onCancel,
}: {
  hotels: HotelRef[];
  onDone: (user: StaffUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [language] = useBoLanguage();
  const [email, setEmail] = useState("");
  const send = useMutation({
    mutationFn: (body: InviteUser): Promise<StaffUser> => boPost("users", body),
    onSuccess: onDone,
  });
  return (
    <UserForm
      id="bo-users-invite"
      title={t("invite.title")}
      initial={{
        name: "",
        role: "reception",
        scope: { allHotels: hotels.length <= 1, hotels: [] },
        language,
      }}
      hotels={hotels}
      showRole
      error={send.error}
      pending={send.isPending}
      submitLabel={t("invite.send")}
      onCancel={onCancel}
      onSubmit={(v) =>
        send.mutate({
          email,
          name: v.name,
          role: v.role,
          ...scopeFields(v.scope),
          language: v.language as InviteUser["language"],
        })
      }
    >
      <Field label={t("fields.email")} error={fieldError(send.error, "email")}>
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
    </UserForm>
  );
}

function EditForm({
  user,
  hotels,
  isYou,
  onDone,
  onCancel,
}: {
  user: StaffUser;
  hotels: HotelRef[];
  isYou: boolean;
  onDone: (user: StaffUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const save = useMutation({
    mutationFn: (body: UpdateUser): Promise<StaffUser> => boPatch(`users/${user.id}`, body),
    onSuccess: onDone,
  });
  return (
    <UserForm
      id="bo-users-edit"
      title={t("edit.title", { name: user.name || user.email })}
      initial={{
        name: user.name,
        role: user.role,
        scope: { allHotels: user.allHotels, hotels: user.allHotels ? [] : user.hotels.map((h) => h.id) },
        language: user.language,
      }}
      hotels={hotels}
      showRole={!isYou}
      error={save.error}
      pending={save.isPending}
      submitLabel={t("edit.save")}
      onCancel={onCancel}
      onSubmit={(v) =>
        save.mutate({
          name: v.name,
          ...(isYou ? {} : { role: v.role }),
          ...scopeFields(v.scope),
          language: v.language as UpdateUser["language"],
        })
      }
    >
      <p className="muted bo-users-address">{user.email}</p>
    </UserForm>
  );
}

type Danger = { kind: "disable" | "remove" | "resetPassword" | "resetMfa"; user: StaffUser };
type Action = "disable" | "enable" | "resend" | "remove" | "resetPassword" | "resetMfa";
/** The path of each action under users/:id (remove is a DELETE). */
const ACTION_PATH: Record<Exclude<Action, "remove">, string> = {
  disable: "disable",
  enable: "enable",
  resend: "resend-invitation",
  resetPassword: "reset-password",
  resetMfa: "reset-second-factor",
};

/** The confirmation step of a destructive action. */
function Confirm({
  danger,
  onConfirm,
  onCancel,
  pending,
}: {
  danger: Danger;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation(NS);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const who = danger.user.name || danger.user.email;
  return (
    <section className="bo-card bo-users-confirm" aria-labelledby="bo-users-confirm">
      <h2 id="bo-users-confirm" ref={heading} tabIndex={-1}>
        {t(`confirm.${danger.kind}.title`, { name: who })}
      </h2>
      <p>{t(`confirm.${danger.kind}.text`, { name: who })}</p>
      <div className="bo-users-buttons">
        <button type="button" className="bo-button danger" onClick={onConfirm} disabled={pending}>
          {t(`confirm.${danger.kind}.yes`)}
        </button>
        <button type="button" className="bo-button secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </section>
  );
}

type Panel =
  | { kind: "invite" }
  | { kind: "edit"; user: StaffUser }
  | { kind: "confirm"; danger: Danger }
  | null;

export default function UsersPage() {
  const { t, i18n } = useTranslation(NS);
  const me = useStaff();
  const queryClient = useQueryClient();
  const search = new URLSearchParams(useSearch());
  const navigate = useNavigateTo();
  const q = search.get("q") ?? "";
  const status = search.get("status") ?? "";
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState("");
  const users = useQuery({ queryKey: USERS_QUERY, queryFn: (): Promise<StaffUsers> => boGet("users") });

  const setFilter = (next: { q?: string; status?: string }) =>
    navigate(boHref("boUsers", {}, { q, status, ...next }), { replace: true });

  const done = (message: string) => {
    setPanel(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: USERS_QUERY });
  };
  const act = useMutation({
    mutationFn: ({ user, kind }: { user: StaffUser; kind: Action }) => {
      if (kind === "remove") return boDelete(`users/${user.id}`);
      return boPost(`users/${user.id}/${ACTION_PATH[kind]}`);
    },
    onSuccess: (_data, { user, kind }) => done(t(`notices.${kind}`, { name: user.name || user.email })),
  });
  const run = (user: StaffUser, kind: Action) => {
    setNotice("");
    act.mutate({ user, kind });
  };

  // Hotel time (the group's first hotel's zone, as the answer says), in the page language's format.
  const timeZone = users.data?.timeZone ?? "UTC";
  const lastActive = (iso: string) => formatHotelInstant(iso, i18n.language, timeZone);
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (users.data?.users ?? []).filter(
      (u) =>
        (!status || u.status === status) &&
        (!needle || u.name.toLowerCase().includes(needle) || u.email.includes(needle)),
    );
  }, [users.data, q, status]);

  const hotels = users.data?.hotels ?? [];
  return (
    <BoPage
      title={t("title")}
      actions={
        <button
          type="button"
          className="bo-button"
          onClick={() => {
            setNotice("");
            setPanel({ kind: "invite" });
          }}
        >
          {t("invite.open")}
        </button>
      }
    >
      {notice ? <Notice>{notice}</Notice> : null}
      <ErrorNotice error={users.error ?? act.error} ns={NS} />
      {panel?.kind === "invite" ? (
        <InviteForm
          hotels={hotels}
          onDone={(user) => done(t("notices.invited", { email: user.email }))}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel?.kind === "edit" ? (
        <EditForm
          key={panel.user.id}
          user={panel.user}
          hotels={hotels}
          isYou={panel.user.id === me.id}
          onDone={(user) => done(t("notices.saved", { name: user.name || user.email }))}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel?.kind === "confirm" ? (
        <Confirm
          danger={panel.danger}
          pending={act.isPending}
          onConfirm={() => run(panel.danger.user, panel.danger.kind)}
          onCancel={() => setPanel(null)}
        />
      ) : null}

      <search className="bo-filters bo-users-filters" aria-label={t("filters.label")}>
        <Field label={t("filters.search")}>
          {(props) => (
            <input {...props} type="search" value={q} onChange={(e) => setFilter({ q: e.target.value })} />
          )}
        </Field>
        <Field label={t("filters.status")}>
          {(props) => (
            <select {...props} value={status} onChange={(e) => setFilter({ status: e.target.value })}>
              <option value="">{t("filters.anyStatus")}</option>
              {STAFF_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </search>

      {users.data ? <p className="muted">{t("timesIn", { timeZone })}</p> : null}
      {users.isPending ? (
        <p className="muted">{t("loading")}</p>
      ) : (
        <div className="bo-table-wrap bo-users-wrap">
          <table className="bo-table bo-users-table bo-stack">
            <caption className="visually-hidden">{t("caption", { count: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columns.name")}</th>
                <th scope="col">{t("columns.role")}</th>
                <th scope="col">{t("columns.hotels")}</th>
                <th scope="col">{t("columns.mfa")}</th>
                <th scope="col">{t("columns.status")}</th>
                <th scope="col">{t("columns.lastActive")}</th>
                <th scope="col">{t("columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((user) => {
                const isYou = user.id === me.id;
                const who = user.name || user.email;
                return (
                  <tr key={user.id}>
                    <th scope="row">
                      <span className="bo-users-name">{user.name || "—"}</span>
                      {isYou ? <span className="bo-badge">{t("you")}</span> : null}
                      <br />
                      <span className="muted">{user.email}</span>
                    </th>
                    <td data-label={t("columns.role")}>{t(`roles.${user.role}`)}</td>
                    <td data-label={t("columns.hotels")}>
                      {user.allHotels ? t("allHotels") : user.hotels.map((h) => h.name).join(", ")}
                    </td>
                    <td data-label={t("columns.mfa")}>{user.totpEnabled ? t("mfa.on") : t("mfa.off")}</td>
                    <td data-label={t("columns.status")}>
                      <span className={`bo-badge bo-users-status-${user.status}`}>
                        {t(`status.${user.status}`)}
                      </span>
                    </td>
                    <td data-label={t("columns.lastActive")}>
                      {user.lastActiveAt ? (
                        <time dateTime={user.lastActiveAt}>{lastActive(user.lastActiveAt)}</time>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label={t("columns.actions")}>
                      <div className="bo-users-actions">
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("actions.editUser", { name: who })}
                          onClick={() => {
                            setNotice("");
                            setPanel({ kind: "edit", user });
                          }}
                        >
                          {t("actions.edit")}
                        </button>
                        {user.status === "invited" ? (
                          <button
                            type="button"
                            className="bo-button secondary"
                            aria-label={t("actions.resendUser", { name: who })}
                            onClick={() => run(user, "resend")}
                          >
                            {t("actions.resend")}
                          </button>
                        ) : null}
                        {!isYou && user.status === "active" ? (
                          <button
                            type="button"
                            className="bo-button secondary"
                            aria-label={t("actions.resetPasswordUser", { name: who })}
                            onClick={() =>
                              setPanel({ kind: "confirm", danger: { kind: "resetPassword", user } })
                            }
                          >
                            {t("actions.resetPassword")}
                          </button>
                        ) : null}
                        {!isYou && user.totpEnabled ? (
                          <button
                            type="button"
                            className="bo-button secondary"
                            aria-label={t("actions.resetMfaUser", { name: who })}
                            onClick={() => setPanel({ kind: "confirm", danger: { kind: "resetMfa", user } })}
                          >
                            {t("actions.resetMfa")}
                          </button>
                        ) : null}
                        {isYou ? null : user.status === "disabled" ? (
                          <button
                            type="button"
                            className="bo-button secondary"
                            aria-label={t("actions.enableUser", { name: who })}
                            onClick={() => run(user, "enable")}
                          >
                            {t("actions.enable")}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="bo-button secondary"
                            aria-label={t("actions.disableUser", { name: who })}
                            onClick={() => setPanel({ kind: "confirm", danger: { kind: "disable", user } })}
                          >
                            {t("actions.disable")}
                          </button>
                        )}
                        {isYou ? null : (
                          <button
                            type="button"
                            className="bo-button danger"
                            aria-label={t("actions.removeUser", { name: who })}
                            onClick={() => setPanel({ kind: "confirm", danger: { kind: "remove", user } })}
                          >
                            {t("actions.remove")}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </BoPage>
  );
}
