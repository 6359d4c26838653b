/** The catalogue's promos section (issue 12 §3). */
export default function PromosSection() {
  return null;
}
