import type { Branding, ChannelBranding } from "@alloggio/domain/contract/backoffice/channel-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { boGet, boPut } from "../../api";

const brandingKey = (hotel: string) => ["bo", "branding", hotel] as const;
const base = (hotel: string) => `hotels/${hotel}/catalogue/branding`;

/** The hotel's channels with their colours, and whether this user may change them. */
export function useBranding(hotel: string) {
  return useQuery({ queryKey: brandingKey(hotel), queryFn: () => boGet<Branding>(base(hotel)) });
}

/** Saves one channel's colours; the channels are read again after. */
export function useSaveColours(hotel: string, channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { primary: string; secondary: string }) =>
      boPut<ChannelBranding>(`${base(hotel)}/${channelId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandingKey(hotel) }),
  });
}
