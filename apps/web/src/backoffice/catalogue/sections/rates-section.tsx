/** The catalogue's rates section (issue 12 §3). */
export default function RatesSection() {
  return null;
}
