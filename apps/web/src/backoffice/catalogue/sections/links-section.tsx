/** The catalogue's links section (issue 12 §3). */
export default function LinksSection() {
  return null;
}
