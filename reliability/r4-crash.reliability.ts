// R4 crash: the server killed (-9) at points inside a booking's transaction; after a restart nothing
// is half-written, every night's inventory agrees with its bookings, and a retry with the same key books once.
// Then the database restarts under a running server, which must reconnect. PostgreSQL only: an embedded
// database dies with its process.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { postJson, report, type ServerProcess, startServerProcess } from "./harness";
import { day, inventoryViolations, lastRoomsProperty, partialBookings } from "./property";

const onPostgres = process.env.ALLOGGIO_TEST_DB === "postgres";
const POINTS = ["after_inventory", "before_insert", "before_commit"] as const;
const BOOKINGS = Number(process.env.R4_BOOKINGS) || 200;
const BATCH = 40;

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe.runIf(onPostgres)("R4 crash", () => {
  it(`kill -9 inside ${BOOKINGS} bookings' transactions, restart, retry with the same keys`, async () => {
    const p = await lastRoomsProperty();
    closers.push(() => p.database.close());
    const crashFile = join(tmpdir(), `alloggio-r4-${process.pid}`);
    // A request that died in progress may be taken over by its retry after 2 s (120 s by default).
    const env = {
      DATABASE_URL: p.database.url!,
      ALLOGGIO_CRASH_FILE: crashFile,
      IDEMPOTENCY_STALE_SECONDS: "2",
    };
    let server: ServerProcess = await startServerProcess(env);
    closers.push(() => server.stop());

    let crashes = 0;
    let unanswered = 0;
    let retried = 0;
    let fiveXX = 0;
    let waited = 0;
    const keys: string[] = [];
    for (let batch = 0; batch * BATCH < BOOKINGS; batch++) {
      // Stays of 1–3 nights on the room type with 500 rooms, all over one month: many share nights.
      const requests = Array.from({ length: BATCH }, (_, i) => {
        const n = batch * BATCH + i;
        const from = n % 28;
        return {
          key: `r4-${process.pid}-${n}`,
          body: p.book(p.plenty.id, day(from), day(from + 1 + (n % 3))),
        };
      });
      keys.push(...requests.map((r) => r.key));
      writeFileSync(crashFile, POINTS[batch % POINTS.length]!);
      const first = await Promise.all(
        requests.map((r) => postJson(`${server.url}/api/guestdata.do`, r.body, { "idempotency-key": r.key })),
      );
      fiveXX += first.filter((a) => a.status >= 500).length;
      const lost = requests.filter((_, i) => first[i]!.status === 0);
      unanswered += lost.length;
      if (server.child.exitCode !== null || server.child.signalCode !== null || lost.length > 0) {
        expect(await server.exited).toBe("SIGKILL");
        crashes++;
        rmSync(crashFile, { force: true });
        server = await startServerProcess(env);
      }
      // Every request whose answer was lost is sent again with its key, as a client does: while the dead request
      // still counts as in progress it hears 409 request_in_progress and waits; then it books once.
      const again = await Promise.all(
        lost.map(async (r) => {
          for (;;) {
            const a = await postJson(`${server.url}/api/guestdata.do`, r.body, { "idempotency-key": r.key });
            if (a.status !== 409 || a.body?.error?.code !== "request_in_progress") return a;
            waited++;
            await new Promise((done) => setTimeout(done, 500));
          }
        }),
      );
      retried += again.length;
      fiveXX += again.filter((a) => a.status >= 500 || a.status === 0).length;
      for (const a of again) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    }
    rmSync(crashFile, { force: true });

    // Each key is at most one reservation, and every answered 200 is exactly one.
    const [perKey] = await p.database.query<{ keys: number; reservations: number; duplicates: number }>(sql`
      select count(distinct q.idempotency_key)::int as keys, count(distinct q.reservation_id)::int as reservations,
        (select count(*)::int from (select reservation_id from reservation_request group by reservation_id
           having count(*) > 1) d) as duplicates
      from reservation_request q where q.idempotency_key like ${`r4-${process.pid}-%`}`);
    const violations = await inventoryViolations(p.database);
    const partial = await partialBookings(p.database);

    // The database restarts under the running server, which must reconnect by itself.
    const restartedBy = restartDatabase(p.database.url!);
    let reconnectMs = -1;
    const t0 = performance.now();
    for (let attempt = 0; attempt < 300; attempt++) {
      const res = await postJson(`${server.url}/api/guestdata.do`, p.book(p.plenty.id, day(40), day(41)), {
        "idempotency-key": `r4-after-restart-${process.pid}-${attempt}`,
      });
      if (res.status === 200) {
        reconnectMs = Math.round(performance.now() - t0);
        break;
      }
      if (attempt % 100 === 99)
        console.log(`R4 after restart: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const afterRestart = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postJson(`${server.url}/api/guestdata.do`, p.book(p.plenty.id, day(42), day(43)), {
          "idempotency-key": `r4-steady-${process.pid}-${i}`,
        }),
      ),
    );

    report("R4 crash", {
      bookings: BOOKINGS,
      crashes,
      unanswered,
      retried,
      inProgressWaits: waited,
      reservations: perKey!.reservations,
      keysBooked: perKey!.keys,
      duplicates: perKey!.duplicates,
      partial,
      violations,
      fiveXX,
      databaseRestart: restartedBy,
      reconnectMs,
      okAfterRestart: afterRestart.filter((a) => a.status === 200).length,
    });
    expect(crashes).toBe(BOOKINGS / BATCH);
    expect(perKey!.duplicates).toBe(0);
    expect(perKey!.reservations).toBe(perKey!.keys);
    expect(perKey!.keys).toBe(BOOKINGS);
    expect(partial).toBe(0);
    expect(violations).toBe(0);
    expect(fiveXX).toBe(0);
    expect(reconnectMs, `the server did not reconnect:\n${server.output()}`).toBeGreaterThanOrEqual(0);
    expect(afterRestart.map((a) => a.status)).toEqual(Array(10).fill(200));
  });
});

/**
 * Restarts the PostgreSQL cluster when this machine runs it and allows it (CI: ALLOGGIO_RESTART_POSTGRES=1);
 * otherwise drops every connection to the test database, which is what a restart does to the server.
 */
function restartDatabase(url: string): string {
  if (process.env.ALLOGGIO_RESTART_POSTGRES === "1" && existsSync("/usr/bin/pg_ctlcluster")) {
    const cluster = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" }).trim().split(/\s+/);
    execFileSync("pg_ctlcluster", [cluster[0]!, cluster[1]!, "restart"], { stdio: "ignore" });
    return "pg_ctlcluster restart";
  }
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  execFileSync(
    "psql",
    [
      admin.toString(),
      "-qAtc",
      `select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = '${name}'`,
    ],
    { stdio: "ignore" },
  );
  return "connections terminated";
}
