import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { languageOf } from "../../i18n/i18n";
import { useHotelList } from "../boot/api/use-hotel-list";
import type { HotelContextValue } from "./hotel-context";

/** Puts the app's texts and the document in the page's language, and returns that language. */
export function usePageLanguage(id: number) {
  const { i18n } = useTranslation();
  const language = languageOf(id);
  useEffect(() => {
    if (i18n.language !== language.text) void i18n.changeLanguage(language.text);
    document.documentElement.lang = language.lang;
  }, [i18n, language.text, language.lang]);
  return language;
}

/**
 * One hotel's pages in their language: the hotel list and the hotel context made of it (null while it loads, or
 * when the hotel is not in the channel's list).
 */
export function useHotelValue(ids: HotelContextValue["ids"]) {
  const language = usePageLanguage(ids.language);
  const query = useHotelList({ channel: ids.channel, hotel: ids.hotel, language: ids.language });
  const value = useMemo<HotelContextValue | null>(() => {
    const hotel = query.data?.hotels.find((h) => h.id === ids.hotel);
    if (!query.data || !hotel) return null;
    return { hotel, channel: query.data.channel, ids, locale: language.locale };
  }, [query.data, ids, language.locale]);
  return { query, value };
}
