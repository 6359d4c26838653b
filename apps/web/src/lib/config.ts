/** The API key of hotellist.do: the server writes it into the page (meta alloggio-api-key) when it serves it. */
export function readApiKey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="alloggio-api-key"]');
  return meta?.content || import.meta.env.VITE_API_KEY || "demo-key";
}
