import { useParams } from "wouter";
import { PortalShell } from "../portal/portal-shell";
import { RecoverForm } from "./recover-form";

/** `/channel/:channel/language/:language/recover` (portalRecover): the same, for the group; the voucher is the hotel's. */
export default function PortalRecoverPage() {
  const params = useParams<{ channel: string; language: string }>();
  const ids = { channel: Number(params.channel), language: Number(params.language) };
  return (
    <PortalShell ids={ids}>
      <RecoverForm channel={ids.channel} language={ids.language} />
    </PortalShell>
  );
}
