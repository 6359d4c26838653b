// The readable part of an audit entry: which keys changed between `before` and `after`, each with its two values.

/** A value that changed: absent on one side is `undefined`. */
export type AuditChange = { key: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Order-independent JSON of a value, so that `{a,b}` equals `{b,a}`. */
export function stableJson(value: unknown): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * The changed keys of two objects (top level, in the order they first appear), or one change under the key "" when
 * either side is not an object (a value created, deleted or replaced whole). Equal sides give no change.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(before) && none(after)) return [];
  if (!isRecord(before) || !isRecord(after)) {
    if (isRecord(before) && none(after))
      return Object.keys(before).map((key) => ({ key, before: before[key], after: undefined }));
    if (isRecord(after) && none(before))
      return Object.keys(after).map((key) => ({ key, before: undefined, after: after[key] }));
    return stableJson(before) === stableJson(after) ? [] : [{ key: "", before, after }];
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => stableJson(before[key]) !== stableJson(after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isValidIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
