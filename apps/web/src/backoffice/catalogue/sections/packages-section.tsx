/** The catalogue's packages section (issue 12 §3). */
export default function PackagesSection() {
  return null;
}
