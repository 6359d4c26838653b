/** The catalogue's hotel section (issue 12 §3). */
export default function HotelSection() {
  return null;
}
