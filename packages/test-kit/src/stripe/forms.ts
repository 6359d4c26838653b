/** A value of a request Stripe takes form-encoded: `a[b][0][c]=v` nests, numbered keys are a list. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Parses a form body (or a query string) the way Stripe reads it; `expand[]=x` appends to a list. */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = rawKey.split("[", 1)[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: FormObject = root;
    path.forEach((segment, index) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== "object" || Array.isArray(next)) node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return toLists(root) as FormObject;
}

function toLists(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, toLists(value[k] as FormValue)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k] as FormValue);
  return converted;
}

/** Reads a form value as text (absent or not text: undefined). */
export const text = (value: FormValue | undefined): string | undefined =>
  typeof value === "string" ? value : undefined;

export const object = (value: FormValue | undefined): FormObject =>
  value && typeof value === "object" && !Array.isArray(value) ? value : {};

export const list = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** Metadata as Stripe keeps it: text values, an empty value unsets. */
export const metadata = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(object(value)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
