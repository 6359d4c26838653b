/** The catalogue's services section (issue 12 §3). */
export default function ServicesSection() {
  return null;
}
