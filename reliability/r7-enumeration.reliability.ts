// R7 enumeration (reliability/README.md): recovering a reservation by code + e-mail (retrieve.do, and the
// voucher actions that identify the holder the same way) answers a wrong code and a wrong e-mail identically, is
// rate limited per code (shared by every such call) and per client address, takes no measurably different time,
// and the codes carry at least 64 random bits. The calls alternate between two app instances on one database, as
// two server processes would: the limits count their attempts together.
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRIEVE_FAILURES_PER_CODE } from "../apps/server/src/features/booking/retrieve";
import { RETRIEVE_PER_ADDRESS_PER_MINUTE } from "../apps/server/src/http/booking/routes";
import {
  decodeReservationCode,
  encodeReservationCode,
  RESERVATION_CODE_ALPHABET,
  RESERVATION_CODE_BYTES,
  RESERVATION_CODE_LENGTH,
} from "../packages/domain/src/booking/reservation-code";
import { anIdempotencyKey } from "../packages/test-kit/src/booking";
import { ROOT, report } from "./harness";
import { type Answer, createFixture, type Fixture, MAIL, timedInject } from "./inject";

const WRONG_MAIL = "someone.else@example.test";
const SAMPLES = 10_000;
const TIMING_PROBES = 200;

let fixture: Fixture;
const figures: Record<string, number | string> = {};
let attempts = 0;
let violations = 0;

let address = 0;
/** A client address of its own, so that only the per-address test meets the per-address limit. */
const freshAddress = () => {
  address += 1;
  return `10.7.${(address >> 8) & 255}.${address & 255}`;
};

/** A well-formed code that no reservation has (80 fresh random bits). */
const randomCode = () => encodeReservationCode(randomBytes(RESERVATION_CODE_BYTES));

type HolderCall = { name: string; send(code: string, mail: string, from?: string): Promise<Answer> };

let sent = 0;
/** The instance of the next call: one, then the other. */
const nextInstance = () => {
  sent += 1;
  return sent % 2 === 0 ? fixture.app : fixture.second;
};

/** The calls that identify the holder by code + e-mail (they share the per-code limiter). */
function holderCalls(): HolderCall[] {
  const post = (url: string, payload: unknown, from = freshAddress(), idempotent = false) =>
    timedInject(nextInstance(), {
      method: "POST",
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: from,
      headers: idempotent ? { "idempotency-key": anIdempotencyKey() } : {},
    });
  return [
    {
      name: "retrieve.do",
      send: (code, mail, from) => post("/api/retrieve.do", { channel: 1, code, mail }, from),
    },
    {
      name: "voucher.pdf",
      send: (code, mail, from) => post("/api/voucher.pdf", { channel: 1, code, mail }, from),
    },
    {
      name: "delete.do",
      send: (code, mail, from) =>
        post("/api/delete.do", { channel: 1, reservation: code, mail, preview: true }, from),
    },
    {
      name: "bol/reservation/:code/pay",
      send: (code, mail, from) =>
        post(
          `/api/bol/reservation/${code}/pay`,
          { mail, method: "card_payment", cardToken: "tok_visa_4242", cardLast4: "4242" },
          from,
          true,
        ),
    },
    {
      name: "bol/transfer-update/:prId/:seId",
      send: (code, mail, from) =>
        post(
          `/api/bol/transfer-update/${code}/${fixture.transferId}`,
          { mail, transfer: { time: "11:00" } },
          from,
          true,
        ),
    },
    {
      name: "bol/reservation/verifyDispo",
      send: (code, mail, from) =>
        post(
          "/api/bol/reservation/verifyDispo",
          { reservation: code, mail, arrival: "20300121", departure: "20300123" },
          from,
        ),
    },
  ];
}

/** What a client can compare between two answers: status, body without the request id, headers. */
function observable(answer: Answer) {
  const body = structuredClone(answer.body);
  if (body?.error) body.error.requestId = "<id>";
  const headers = { ...answer.headers } as Record<string, unknown>;
  // The date and the rate-limit window's reset move with the clock, not with the input.
  delete headers.date;
  delete headers["x-ratelimit-reset"];
  return { status: answer.status, body, headers };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0;
};
const round = (x: number) => Math.round(x * 100) / 100;

beforeAll(async () => {
  fixture = await createFixture();
});

afterAll(async () => {
  report("R7 enumeration", { attempts, violations, ...figures });
  await fixture?.close();
});

describe("R7 enumeration", () => {
  it("a wrong code and a wrong e-mail get the same answer, on every call that identifies the holder", async () => {
    let identical = 0;
    for (const call of holderCalls()) {
      // Its own reservation: this test's single failure must not block the code of another test.
      const code = await fixture.book();
      const wrongCode = await call.send(randomCode(), MAIL);
      const wrongMail = await call.send(code, WRONG_MAIL);
      // The same code in another spelling (lower case, dashes) and the e-mail in capitals are the same holder.
      const right = await call.send(code.toLowerCase().replace(/(.{4})(?!$)/g, "$1-"), MAIL.toUpperCase());
      attempts += 3;
      const a = observable(wrongCode);
      const b = observable(wrongMail);
      if (JSON.stringify(a) !== JSON.stringify(b) || a.status !== 404) violations += 1;
      else identical += 1;
      expect(a.status, `${call.name}: ${wrongCode.text}`).toBe(404);
      expect(b, `${call.name}: wrong code vs wrong e-mail`).toEqual(a);
      expect(a.body.error.code).toBe("reservation_not_found");
      // The right holder gets past the check (the action may still refuse for its own reason).
      expect(right.body?.error?.code, `${call.name} with the right holder: ${right.text}`).not.toBe(
        "reservation_not_found",
      );
      expect(right.status).not.toBe(429);
    }
    // retrieve.do: a wrong channel answers the same too.
    const code = await fixture.book();
    const [retrieve] = holderCalls();
    const wrongChannel = await timedInject(nextInstance(), {
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 2, code, mail: MAIL },
      remoteAddress: freshAddress(),
    });
    const wrongCode = await retrieve!.send(randomCode(), MAIL);
    attempts += 2;
    expect(observable(wrongChannel)).toEqual(observable(wrongCode));
    figures.identicalAnswers = `${identical + 1}/${holderCalls().length + 1}`;
  });

  it(`is limited per code: after ${RETRIEVE_FAILURES_PER_CODE} failures on any of the calls even the right e-mail is refused (429)`, async () => {
    const calls = holderCalls();
    const code = await fixture.book();
    // The failures spread over the calls: they share one counter.
    const statuses: number[] = [];
    for (let i = 0; i < RETRIEVE_FAILURES_PER_CODE; i++) {
      const call = calls[i % calls.length]!;
      statuses.push((await call.send(code, `wrong${i}@example.test`)).status);
    }
    attempts += RETRIEVE_FAILURES_PER_CODE;
    expect(statuses.every((s) => s === 404)).toBe(true);
    const refusedRight: Answer[] = [];
    for (const call of calls) refusedRight.push(await call.send(code, MAIL));
    attempts += calls.length;
    const blocked = refusedRight.filter((a) => a.status === 429).length;
    if (blocked !== calls.length) violations += calls.length - blocked;
    for (const [i, a] of refusedRight.entries()) {
      expect(a.status, `${calls[i]!.name} after the limit: ${a.text}`).toBe(429);
      expect(a.body.error.code).toBe("rate_limited");
    }
    // A code that does not exist is limited the same way: a 429 tells nothing about the code.
    const ghost = randomCode();
    for (let i = 0; i < RETRIEVE_FAILURES_PER_CODE; i++) await calls[0]!.send(ghost, MAIL);
    const ghostAnswer = await calls[0]!.send(ghost, MAIL);
    const realAnswer = await calls[0]!.send(code, MAIL);
    attempts += RETRIEVE_FAILURES_PER_CODE + 2;
    expect(observable(ghostAnswer)).toEqual(observable(realAnswer));
    // Another reservation is not affected.
    const other = await fixture.book();
    expect((await calls[0]!.send(other, MAIL)).status).toBe(200);
    attempts += 1;
    figures.perCodeLimit = RETRIEVE_FAILURES_PER_CODE;
    figures.blockedAfterLimit = `${blocked}/${calls.length}`;
  });

  it(`is limited per client address on retrieve.do: ${RETRIEVE_PER_ADDRESS_PER_MINUTE} a minute, then 429 even for the right pair`, async () => {
    const code = await fixture.book();
    const from = freshAddress();
    const [retrieve] = holderCalls();
    const statuses: number[] = [];
    for (let i = 0; i < RETRIEVE_PER_ADDRESS_PER_MINUTE; i++)
      statuses.push((await retrieve!.send(randomCode(), MAIL, from)).status);
    const refused = await retrieve!.send(code, MAIL, from);
    const elsewhere = await retrieve!.send(code, MAIL, freshAddress());
    attempts += RETRIEVE_PER_ADDRESS_PER_MINUTE + 2;
    if (refused.status !== 429) violations += 1;
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.details?.[0]?.field).toBeTruthy();
    expect(elsewhere.status, elsewhere.text).toBe(200);
    figures.perAddressLimit = RETRIEVE_PER_ADDRESS_PER_MINUTE;
    figures.instances = 2;
  });

  it("a wrong code and a wrong e-mail take times that cannot be told apart (reported, not asserted)", async () => {
    const [retrieve] = holderCalls();
    // Wrong e-mails spread over reservations, under the per-code limit; wrong codes each once; interleaved.
    const perCode = RETRIEVE_FAILURES_PER_CODE - 1;
    const codes: string[] = [];
    for (let i = 0; i < Math.ceil(TIMING_PROBES / perCode); i++) codes.push(await fixture.book());
    // Warm up both paths.
    for (let i = 0; i < 20; i++) await retrieve!.send(randomCode(), MAIL);
    const wrongCode: number[] = [];
    const wrongMail: number[] = [];
    for (let i = 0; i < TIMING_PROBES; i++) {
      const a = await retrieve!.send(randomCode(), MAIL);
      const b = await retrieve!.send(codes[Math.floor(i / perCode)]!, `probe${i}@example.test`);
      attempts += 2;
      if (a.status !== 404 || b.status !== 404) violations += 1;
      wrongCode.push(a.ms);
      wrongMail.push(b.ms);
    }
    figures.wrongCodeMedianMs = round(median(wrongCode));
    figures.wrongMailMedianMs = round(median(wrongMail));
    figures.timingProbes = TIMING_PROBES;
  });

  it(`codes carry at least 64 random bits: by construction and over ${SAMPLES} samples`, async () => {
    // By construction: 10 random bytes, 16 symbols of a 32-letter alphabet, a bijection.
    const bitsPerSymbol = Math.log2(new Set(RESERVATION_CODE_ALPHABET).size);
    const bits = RESERVATION_CODE_BYTES * 8;
    expect(RESERVATION_CODE_ALPHABET.length).toBe(32);
    expect(bitsPerSymbol).toBe(5);
    expect(RESERVATION_CODE_LENGTH * bitsPerSymbol).toBe(bits);
    expect(bits).toBeGreaterThanOrEqual(64);
    // The server draws the bytes from the operating system's generator, as many as the code holds.
    const sources = await serverSources(join(ROOT, "apps/server/src"));
    const calls = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/encodeReservationCode\(([^)]*\)?)\)/g)].map((m) => ({ path, arg: m[1] ?? "" })),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls)
      expect(c.arg, `${c.path}: encodeReservationCode(${c.arg})`).toMatch(
        /^(crypto\.)?randomBytes\((10|RESERVATION_CODE_BYTES)\)$/,
      );

    // By sampling: the encoder on fresh random bytes, as the server calls it.
    const seen = new Set<string>();
    const counts = Array.from({ length: RESERVATION_CODE_LENGTH }, () => new Array(32).fill(0) as number[]);
    let badForm = 0;
    let roundTrip = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const bytes = randomBytes(RESERVATION_CODE_BYTES);
      const code = encodeReservationCode(bytes);
      if (
        code.length !== RESERVATION_CODE_LENGTH ||
        [...code].some((ch) => !RESERVATION_CODE_ALPHABET.includes(ch))
      )
        badForm += 1;
      if (Buffer.from(decodeReservationCode(code)).equals(bytes)) roundTrip += 1;
      seen.add(code);
      for (const [pos, ch] of [...code].entries()) counts[pos]![RESERVATION_CODE_ALPHABET.indexOf(ch)]! += 1;
    }
    // Every position uniform over the 32 symbols: chi-square with 31 degrees of freedom (p = 1e-6 at about 80).
    const expected = SAMPLES / 32;
    const chi = counts.map((row) => row.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0));
    const worstChi = Math.max(...chi);
    // And the codes the server itself gave to this file's bookings.
    const serverCodes = await fixture.database.query<{ code: string }>(sql`select code from reservation`);
    const serverBad = serverCodes.filter(
      (r) => r.code.length !== RESERVATION_CODE_LENGTH || !/^[0-9A-HJKMNP-TV-Z]{16}$/.test(r.code),
    ).length;
    attempts += SAMPLES;
    const sampleViolations = SAMPLES - seen.size + badForm + (SAMPLES - roundTrip) + serverBad;
    violations += sampleViolations;
    figures.codeBits = bits;
    figures.codeSamples = SAMPLES;
    figures.codeRepeats = SAMPLES - seen.size;
    figures.worstPositionChi2 = round(worstChi);
    figures.serverCodes = serverCodes.length;
    expect(seen.size).toBe(SAMPLES);
    expect(badForm).toBe(0);
    expect(roundTrip).toBe(SAMPLES);
    expect(worstChi).toBeLessThan(80);
    expect(serverCodes.length).toBeGreaterThan(5);
    expect(serverBad).toBe(0);
  });
});

/** The server's TypeScript sources (not tests). */
async function serverSources(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await serverSources(path)));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
      out.push({ path, text: await readFile(path, "utf8") });
  }
  return out;
}
