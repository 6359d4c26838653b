import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { type HotelVersion, readVersions } from "./version-repository";

/** The NOTIFY channel the search-version triggers speak on (migration 0020). */
export const SEARCH_CHANNEL = "alloggio_search";

export type { HotelVersion } from "./version-repository";

type Entry = { hotel: number; version: number; value: unknown; size: number };

export type CacheCounts = { hits: number; misses: number; stale: number; entries: number; bytes: number };

/**
 * Search answers kept in memory (ADR 0045), each under the version of its hotel's data it was computed from. An
 * entry is served only after the hotel's current version has been read from the database and found equal, so a
 * change committed before a search arrived is never hidden by the cache, in this process or any other; the reads
 * of concurrent searches share one statement. LISTEN/NOTIFY only frees memory early: an entry of a hotel another
 * process changed is dropped as soon as the notice arrives.
 */
export class SearchCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly keysByHotel = new Map<number, Set<string>>();
  private readonly zones = new Map<number, string>();
  private pending: Map<number, ((v: HotelVersion | null) => void)[]> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  readonly counts = { hits: 0, misses: 0, stale: 0 };

  constructor(
    private readonly database: Database,
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => e.size,
      dispose: (e, key) => {
        const keys = this.keysByHotel.get(e.hotel);
        keys?.delete(key);
        if (keys?.size === 0) this.keysByHotel.delete(e.hotel);
      },
    });
  }

  /** Starts listening for other processes' changes. */
  async listen(): Promise<void> {
    this.stopListening = await this.database.listen(SEARCH_CHANNEL, (payload) => {
      if (payload === null || payload === "*") this.clear();
      else for (const id of payload.split(",")) this.forget(Number(id));
    });
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.clear();
    // The database may be closed already (a test closing it first): there is nothing left to stop then.
    await stop?.().catch(() => {});
  }

  /** The hotel's time zone as last loaded, to compute "today" for a key before anything is read. */
  zoneOf(hotel: number): string | undefined {
    return this.zones.get(hotel);
  }

  rememberZone(hotel: number, zone: string): void {
    this.zones.set(hotel, zone);
  }

  /** The entry under `key` when there is one, whatever its version (check it with `versionOf`). */
  peek(key: string): { hotel: number; version: number; value: unknown } | undefined {
    return this.entries.get(key);
  }

  /** Counts a hit or a stale entry (one found, but computed from older data) for the figures. */
  served(hit: boolean): void {
    if (hit) this.counts.hits += 1;
    else this.counts.stale += 1;
  }

  missed(): void {
    this.counts.misses += 1;
  }

  /**
   * The hotel's current version (null for an unknown hotel). Reads asked for in the same turn of the event loop
   * share one statement: each starts after its search arrived, so it sees every change committed before.
   */
  versionOf(hotel: number): Promise<HotelVersion | null> {
    return new Promise((resolve) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => this.flush());
      }
      const waiting = this.pending.get(hotel);
      if (waiting) waiting.push(resolve);
      else this.pending.set(hotel, [resolve]);
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    const ids = [...batch.keys()];
    readVersions(this.database, ids).then(
      (found) => {
        for (const [id, waiting] of batch) {
          const v = found.get(id) ?? null;
          if (v) this.zones.set(id, v.zone);
          for (const resolve of waiting) resolve(v);
        }
      },
      () => {
        // The database did not answer: nothing can be confirmed, so every search computes its answer afresh
        // (and meets the same error there, where the error handler answers it).
        for (const waiting of batch.values()) for (const resolve of waiting) resolve(null);
      },
    );
  }

  /** Keeps an answer computed from the hotel's data at `version`; `size` is about its bytes in memory. */
  store(key: string, hotel: number, version: number, value: unknown, size: number): void {
    this.entries.set(key, { hotel, version, value, size: Math.max(64, size + key.length * 2) });
    const keys = this.keysByHotel.get(hotel) ?? new Set<string>();
    keys.add(key);
    this.keysByHotel.set(hotel, keys);
  }

  /**
   * Keeps rows shared by every search that reads them (a hotel's catalogue, ADR 0053): frozen, so that code which
   * changed them in place would fail its own request instead of changing other guests' answers.
   */
  keepRows(key: string, hotel: number, version: number, rows: object): void {
    this.store(key, hotel, version, deepFreeze(rows), JSON.stringify(rows).length * 2);
  }

  /** Rows kept with `keepRows`, with the version they were read at; the caller checks that version. */
  keptRows<T extends object>(key: string): { version: number; rows: T } | undefined {
    const entry = this.entries.get(key);
    return entry ? { version: entry.version, rows: entry.value as T } : undefined;
  }

  /** Drops every answer of a hotel (its data changed). */
  forget(hotel: number): void {
    const keys = this.keysByHotel.get(hotel);
    if (!keys) return;
    for (const key of [...keys]) this.entries.delete(key);
    this.keysByHotel.delete(hotel);
  }

  clear(): void {
    this.entries.clear();
    this.keysByHotel.clear();
  }

  stats(): CacheCounts {
    return { ...this.counts, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value))
    if (child !== null && typeof child === "object" && !Object.isFrozen(child)) deepFreeze(child);
  return Object.freeze(value);
}
