import type { TotpEnrolment } from "@alloggio/domain/contract/backoffice/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEXT_CODES } from "../../i18n/i18n";
import { useBoLanguage } from "../language";
import { ME_QUERY, useStaff } from "../staff";
import { BoPage, ErrorNotice, Field, Notice } from "../ui";
import { patchAccount, postPassword, postTotpConfirm, postTotpDisable, postTotpEnrol } from "./auth-api";
import { NewPasswordFields, rulesOf } from "./password-rules";
import "./auth.css";

function Profile() {
  const { t } = useTranslation(["bo-auth", "bo"]);
  const staff = useStaff();
  const queryClient = useQueryClient();
  const [, setLanguage] = useBoLanguage();
  const [name, setName] = useState(staff.name);
  const [language, setLanguageChoice] = useState(staff.language);
  const save = useMutation({
    mutationFn: () => patchAccount({ name, language: language as (typeof TEXT_CODES)[number] }),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY, me);
      setLanguage(me.language);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="bo-card bo-auth-section" aria-labelledby="account-profile">
      <h2 id="account-profile">{t("account.profile")}</h2>
      <dl className="bo-auth-facts">
        <dt>{t("account.email")}</dt>
        <dd>{staff.email}</dd>
        <dt>{t("account.role")}</dt>
        <dd>{t(`account.roles.${staff.role}`)}</dd>
      </dl>
      <form onSubmit={submit} className="bo-auth-form" noValidate>
        <Field label={t("account.name")}>
          {(props) => (
            <input
              {...props}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              required
            />
          )}
        </Field>
        <Field label={t("account.language")}>
          {(props) => (
            <select {...props} value={language} onChange={(e) => setLanguageChoice(e.target.value)}>
              {TEXT_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`bo:languages.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ErrorNotice error={save.error} ns="bo-auth" />
        {save.isSuccess ? <Notice>{t("account.saved")}</Notice> : null}
        <button type="submit" className="bo-button" disabled={save.isPending}>
          {t("account.save")}
        </button>
      </form>
    </section>
  );
}

function PasswordChange() {
  const { t } = useTranslation("bo-auth");
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const change = useMutation({
    mutationFn: () => postPassword({ currentPassword, newPassword, confirmation }),
    onSuccess: () => {
      setCurrent("");
      setNew("");
      setConfirmation("");
    },
  });
  const broken = rulesOf(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  const wrongCurrent =
    change.error && !broken.length && (change.error as { code?: string }).code === "wrong_password";
  return (
    <section className="bo-card bo-auth-section" aria-labelledby="account-password">
      <h2 id="account-password">{t("account.password")}</h2>
      <form onSubmit={submit} className="bo-auth-form" noValidate>
        <Field
          label={t("account.currentPassword")}
          error={wrongCurrent ? t("errors.wrong_password") : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
              required
            />
          )}
        </Field>
        <NewPasswordFields
          labels={{ password: t("account.newPassword"), confirmation: t("account.confirmation") }}
          password={newPassword}
          confirmation={confirmation}
          onPassword={setNew}
          onConfirmation={setConfirmation}
          old={currentPassword || undefined}
          error={change.error}
        />
        {change.error && !wrongCurrent ? <ErrorNotice error={change.error} ns="bo-auth" /> : null}
        {wrongCurrent ? (
          <p className="bo-field-error" role="alert">
            {t("errors.wrong_password")}
          </p>
        ) : null}
        {change.isSuccess ? <Notice>{t("account.passwordChanged")}</Notice> : null}
        <button type="submit" className="bo-button" disabled={change.isPending}>
          {t("account.changePassword")}
        </button>
      </form>
    </section>
  );
}

function SecondFactor() {
  const { t } = useTranslation("bo-auth");
  const staff = useStaff();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: ME_QUERY });

  const enrol = useMutation({
    mutationFn: postTotpEnrol,
    onSuccess: (answer) => {
      setMessage(null);
      setEnrolment(answer);
    },
  });
  const confirm = useMutation({
    mutationFn: () => postTotpConfirm(code.replace(/\s/g, "")),
    onSuccess: (answer) => {
      setEnrolment(null);
      setCode("");
      setRecoveryCodes(answer.recoveryCodes);
      setMessage(t("account.enabled"));
    },
  });
  const disable = useMutation({
    mutationFn: () => postTotpDisable(password),
    onSuccess: async () => {
      setPassword("");
      setMessage(t("account.disabled"));
      await refreshMe();
    },
  });

  return (
    <section className="bo-card bo-auth-section" aria-labelledby="account-totp">
      <h2 id="account-totp">{t("account.totp")}</h2>
      {message ? <Notice>{message}</Notice> : null}
      {recoveryCodes ? (
        <div className="bo-auth-recovery">
          <h3>{t("account.recoveryTitle")}</h3>
          <p>{t("account.recoveryText")}</p>
          <ul className="bo-auth-codes" aria-label={t("account.recoveryTitle")}>
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="bo-button"
            onClick={async () => {
              setRecoveryCodes(null);
              await refreshMe();
            }}
          >
            {t("account.recoveryDone")}
          </button>
        </div>
      ) : staff.totpEnabled ? (
        <>
          <p>{t("account.totpOn")}</p>
          <form
            className="bo-auth-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              disable.mutate();
            }}
          >
            <Field label={t("account.currentPassword")} hint={t("account.disableHint")}>
              {(props) => (
                <input
                  {...props}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              )}
            </Field>
            <ErrorNotice error={disable.error} ns="bo-auth" />
            <button type="submit" className="bo-button danger" disabled={disable.isPending}>
              {t("account.disable")}
            </button>
          </form>
        </>
      ) : enrolment ? (
        <div className="bo-auth-enrol">
          <p>{t("account.scan")}</p>
          <img
            className="bo-auth-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t("account.qrAlt")}
          />
          <p>
            {t("account.secret")}: <code className="bo-auth-secret">{enrolment.secret}</code>
          </p>
          <form
            className="bo-auth-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate();
            }}
          >
            <Field label={t("account.confirmCode")}>
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                />
              )}
            </Field>
            <ErrorNotice error={confirm.error} ns="bo-auth" />
            <div className="bo-auth-actions">
              <button type="submit" className="bo-button" disabled={confirm.isPending}>
                {t("account.confirm")}
              </button>
              <button
                type="button"
                className="bo-button secondary"
                onClick={() => {
                  confirm.reset();
                  setEnrolment(null);
                }}
              >
                {t("account.cancel")}
              </button>
            </div>
          </form>
        </div>
      ) : (
        <>
          <p>{t("account.totpOff")}</p>
          <ErrorNotice error={enrol.error} ns="bo-auth" />
          <button
            type="button"
            className="bo-button"
            onClick={() => enrol.mutate()}
            disabled={enrol.isPending}
          >
            {t("account.enrol")}
          </button>
        </>
      )}
    </section>
  );
}

/** `/admin/account`: the signed-in user's profile, password and second factor (every role). */
export default function AccountPage() {
  const { t } = useTranslation("bo-auth");
  return (
    <BoPage title={t("account.title")}>
      <Profile />
      <PasswordChange />
      <SecondFactor />
    </BoPage>
  );
}
