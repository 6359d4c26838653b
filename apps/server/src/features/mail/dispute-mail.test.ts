import { STAFF_LANGUAGES } from "@alloggio/domain/contract/backoffice/users";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import { describe, expect, it } from "vitest";
import { renderDisputeMail } from "./dispute-mail";

const data = {
  to: "owner@example.test",
  language: "en",
  hotel: "Hotel Bellavista",
  code: "ABCD2345EFGH",
  guest: "Maria Rossi",
  amountMinor: 22000,
  currency: "EUR",
  decimalDigits: 2,
  // 22:59 UTC is 23:59 in Rome.
  evidenceDueBy: "2030-01-19T22:59:00.000Z",
  timeZone: "Europe/Rome",
  link: "https://book.example.test/admin/hotel/7/reservations/42",
};

describe("the owners' dispute mail", () => {
  it("says how much, on which reservation, and the evidence deadline in hotel time, with the way to it", () => {
    const mail = renderDisputeMail(data);
    // The amount as every mail writes it (English: language 1).
    const amount = formatMinorFor(22000, { code: "EUR", decimalDigits: 2, rounding: 0 }, 1);
    expect(mail.to).toBe("owner@example.test");
    expect(mail.subject).toBe(`Payment disputed: ${amount} on reservation ABCD2345EFGH`);
    expect(mail.text).toContain(`disputed ${amount} paid for reservation ABCD2345EFGH (Maria Rossi)`);
    expect(mail.text).toContain("19 January 2030 at 23:59");
    expect(mail.text).toContain(data.link);
  });

  it("speaks each back-office language, English for any other, and leaves the deadline out when there is none", () => {
    const subjects = STAFF_LANGUAGES.map((language) => renderDisputeMail({ ...data, language }).subject);
    expect(new Set(subjects).size).toBe(STAFF_LANGUAGES.length);
    for (const subject of subjects) expect(subject).toContain("ABCD2345EFGH");
    expect(renderDisputeMail({ ...data, language: "ru" }).subject).toBe(subjects[0]);
    const none = renderDisputeMail({ ...data, evidenceDueBy: null });
    expect(none.text).not.toContain("Answer with your evidence");
  });
});
