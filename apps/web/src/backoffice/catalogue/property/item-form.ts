import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigateTo } from "../../../ui/app-link";
import { boDelete, boPost, boPut } from "../../api";
import { boHref } from "../../routes";
import { fieldErrors } from "./shared";

/**
 * The state of a catalogue item's form (a room type, a rate plan): its draft, save (create, then the URL becomes
 * the new item's; or update), delete (back to the list) and the server's errors by field.
 */
export function useItemForm<Input extends Record<string, unknown>, Item extends { id: number }>({
  hotel,
  section,
  path,
  item,
  initial,
  onSaved,
}: {
  hotel: string;
  /** The catalogue section of the list (`rooms`, `rates`). */
  section: string;
  /** The API collection under the hotel (`room-types`, `rate-plans`). */
  path: string;
  item: Item | null;
  initial: () => Input;
  onSaved?: (item: Item) => void;
}) {
  const navigate = useNavigateTo();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Input>(initial);
  const [saved, setSaved] = useState(false);
  const listHref = boHref("boCatalogue", { hotel, section });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: ["backoffice", path, hotel] });
  const save = useMutation({
    mutationFn: (input: Input): Promise<Item> =>
      item ? boPut(`hotels/${hotel}/${path}/${item.id}`, input) : boPost(`hotels/${hotel}/${path}`, input),
    onSuccess: async (data) => {
      await invalidate();
      onSaved?.(data);
      setSaved(true);
      if (!item)
        navigate(boHref("boCatalogueItem", { hotel, section, itemId: String(data.id) }), { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: (): Promise<void> => boDelete(`hotels/${hotel}/${path}/${item?.id}`),
    onSuccess: async () => {
      await invalidate();
      navigate(listHref);
    },
  });
  const set = <K extends keyof Input>(name: K, value: Input[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [name]: value }));
  };
  return { draft, set, saved, save, remove, errors: fieldErrors(save.error), listHref, navigate };
}
