/** The catalogue's rooms section (issue 12 §3). */
export default function RoomsSection() {
  return null;
}
