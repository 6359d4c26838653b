/** The catalogue's overrides section (issue 12 §3). */
export default function OverridesSection() {
  return null;
}
