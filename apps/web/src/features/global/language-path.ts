/**
 * The same page in another language: the `/language/<id>` segment of the path replaced, the query kept as it is
 * (search state and `reservationLinkId`, SPEC §2). Null when the path has no language segment.
 */
export function pathWithLanguage(pathname: string, search: string, languageId: number): string | null {
  if (!/\/language\/[^/]+/.test(pathname)) return null;
  const path = pathname.replace(/\/language\/[^/]+/, `/language/${languageId}`);
  const query = search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : "";
  return `${path}${query}`;
}
