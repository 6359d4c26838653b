import type { ExtrasChoices, PriceLink } from "@alloggio/domain/contract/backoffice/extras";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatMoney as formatPrice, moneyOf } from "../../../lib/money";
import { boDelete, boGet, boPost, boPut } from "../../api";

/** The collections of the catalogue's extras, as the API names them. */
export type ExtrasCollection = "service-categories" | "services" | "promo-codes" | "packages" | "privacy";

export type ListOf<T> = { currencyCode: string; items: T[] };

const base = (hotel: number | string) => `hotels/${hotel}/catalogue`;

export function useExtrasList<T>(hotel: string, collection: ExtrasCollection) {
  return useQuery({
    queryKey: ["bo", "extras", hotel, collection],
    queryFn: () => boGet<ListOf<T>>(`${base(hotel)}/${collection}`),
  });
}

export function useChoices(hotel: string) {
  return useQuery({
    queryKey: ["bo", "extras", hotel, "choices"],
    queryFn: () => boGet<ExtrasChoices>(`${base(hotel)}/extras-choices`),
  });
}

/** Create (no id) or change one item; the lists of the hotel's extras are read again after. */
export function useSaveExtra<T>(hotel: string, collection: ExtrasCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
      id === null
        ? boPost<T>(`${base(hotel)}/${collection}`, body)
        : boPut<T>(`${base(hotel)}/${collection}/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["bo", "extras", hotel] }),
  });
}

export function useDeleteExtra(hotel: string, collection: ExtrasCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => boDelete<void>(`${base(hotel)}/${collection}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["bo", "extras", hotel] }),
  });
}

/** A decimal price of the extras' contract in the hotel's currency, in the page's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  return formatPrice(moneyOf(amount, currency), { locale: language, display: "symbol", asSet: true });
}

/** Signs a price on the server (the secret never reaches the browser) and answers the guest's link. */
export function usePriceLink(hotel: string) {
  return useMutation({
    mutationFn: (body: unknown) => boPost<PriceLink>(`${base(hotel)}/price-links`, body),
  });
}
