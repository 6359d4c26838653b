import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { REDACTED, redactText, redactUrl, serializeError } from "./log-privacy";

const CODE = "7K3MZQ9PXW2AB4CD";
const MAIL = "ada+lake@example.test";
const ENCODED = encodeURIComponent(MAIL);

describe("redactUrl", () => {
  it("drops the code and e-mail of the voucher and 3-D Secure pages", () => {
    expect(redactUrl(`/hotel/1/channel/2/language/3/voucher/code/${CODE}/email/${ENCODED}`)).toBe(
      `/hotel/1/channel/2/language/3/voucher/code/${REDACTED}/email/${REDACTED}`,
    );
    expect(redactUrl(`/hotel/1/channel/2/language/3/3ds/code/${CODE}/email/${MAIL}?paid=1`)).toBe(
      `/hotel/1/channel/2/language/3/3ds/code/${REDACTED}/email/${REDACTED}?paid=1`,
    );
  });

  it("drops the code of the voucher actions and keeps the rest of the path", () => {
    expect(redactUrl(`/api/bol/reservation/${CODE.toLowerCase()}/pay`)).toBe(
      `/api/bol/reservation/${REDACTED}/pay`,
    );
    expect(redactUrl(`/api/bol/transfer-update/${CODE}/12`)).toBe(`/api/bol/transfer-update/${REDACTED}/12`);
    expect(redactUrl("/api/bol/reservation/verifyDispo")).toBe("/api/bol/reservation/verifyDispo");
    expect(redactUrl("/api/hotellist.do?channel=1&language=2")).toBe(
      "/api/hotellist.do?channel=1&language=2",
    );
  });

  it("drops query values that name or hold a code, an e-mail or such a page", () => {
    const back = encodeURIComponent(`https://x.test/hotel/1/3ds/code/${CODE}/email/${ENCODED}`);
    expect(redactUrl(`/sandbox-gateway/card?language=2&return=${back}`)).toBe(
      `/sandbox-gateway/card?language=2&return=${REDACTED}`,
    );
    expect(redactUrl(`/x?mail=someone&code=abc&note=${ENCODED}&n=1`)).toBe(
      `/x?mail=${REDACTED}&code=${REDACTED}&note=${REDACTED}&n=1`,
    );
  });

  it("drops an e-mail or code anywhere else, in any spelling", () => {
    expect(
      redactUrl(
        `/anything/${ENCODED}/${CODE.slice(0, 4)}-${CODE.slice(4, 8)}-${CODE.slice(8, 12)}-${CODE.slice(12)}`,
      ),
    ).toBe(`/anything/${REDACTED}/${REDACTED}`);
    expect(redactText(`mail for ${MAIL} about ${CODE} failed`)).toBe(
      `mail for ${REDACTED} about ${REDACTED} failed`,
    );
    // A request id or a longer token is no code.
    expect(redactText("id 0b6f3c3e-4a0e-4f53-9a35-2f1c8a7d9e10 token 7K3MZQ9PXW2AB4CDE")).toBe(
      "id 0b6f3c3e-4a0e-4f53-9a35-2f1c8a7d9e10 token 7K3MZQ9PXW2AB4CDE",
    );
  });
});

describe("serializeError", () => {
  it("drops codes and e-mails from the message, the stack and a database error's detail", () => {
    const err = Object.assign(new Error(`no reservation ${CODE} for ${MAIL}`), {
      detail: `Key (email)=(${MAIL}) already exists.`,
      code: "23505",
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain(CODE);
    expect(out).not.toContain(MAIL);
    expect(out).toContain("23505");
  });

  it("drops a failed statement's parameters (names, phones, e-mails) and redacts its cause, keeping the SQL", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      detail: `Key (email)=(${MAIL}) already exists.`,
      code: "23505",
    });
    const err = new DrizzleQueryError(
      "insert into chat (name, email) values ($1, $2)",
      ["Ada Lovelace", MAIL, "+39 333 1234567"],
      cause,
    );
    const out = JSON.stringify(serializeError(err));
    for (const secret of ["Ada Lovelace", MAIL, "+39 333 1234567"]) expect(out).not.toContain(secret);
    expect(out).toContain("insert into chat (name, email) values ($1, $2)");
    expect(out).toContain("23505");
  });
});
