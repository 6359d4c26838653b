// The one session scheme of every sign-in (ADR 0025, 0029): an opaque token in an HttpOnly cookie, only its SHA-256
// stored, an idle and an absolute expiry, deleted at sign-out and password change.
import type { Db } from "../../db/client";
import {
  deleteSessionRow,
  deleteUserSessionRows,
  type SessionKind,
  type SessionRowOf,
  touchSessionRow,
} from "./repository";
import { sha256 } from "./tokens";

export type { SessionKind, SessionRowOf };

/** The finding and revoking of one kind's sessions, whose idle expiry is `idleMs`. */
export function sessionStore<K extends SessionKind>(kind: K, idleMs: number) {
  return {
    /**
     * The live session of a cookie token, touched (lastSeenAt = now); null when unknown, past its absolute expiry or
     * idle too long (the WHERE clause decides atomically).
     */
    async find(db: Db, token: string, now: Date): Promise<SessionRowOf<K> | null> {
      const idleSince = new Date(now.getTime() - idleMs);
      return (await touchSessionRow(db, kind, sha256(token), now, idleSince)) ?? null;
    },
    async revoke(db: Db, token: string): Promise<void> {
      await deleteSessionRow(db, kind, sha256(token));
    },
    /** Signs a user out everywhere (password change, removal, disabling), except the session `keep` if given. */
    async revokeUser(db: Db, userId: number, keep?: string): Promise<void> {
      await deleteUserSessionRows(db, kind, userId, keep ? sha256(keep) : undefined);
    },
  };
}
