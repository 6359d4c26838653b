import { useHotel } from "../hotel/hotel-context";
import { RecoverForm } from "./recover-form";

/** `/hotel/:hotel/channel/:channel/language/:language/recover`: retrieve my reservation at this hotel's site. */
export default function RecoverPage() {
  const { ids } = useHotel();
  return <RecoverForm channel={ids.channel} language={ids.language} />;
}
