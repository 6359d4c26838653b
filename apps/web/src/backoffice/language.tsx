import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { i18n, TEXT_CODES, type TextCode } from "../i18n/i18n";

const KEY = "alloggio.backoffice.language";

function initial(): TextCode {
  const saved = typeof localStorage === "undefined" ? null : localStorage.getItem(KEY);
  if (saved && (TEXT_CODES as readonly string[]).includes(saved)) return saved as TextCode;
  const browser = (typeof navigator === "undefined" ? "en" : navigator.language).slice(0, 2);
  return (TEXT_CODES as readonly string[]).includes(browser) ? (browser as TextCode) : "en";
}

type LanguageState = [TextCode, (code: string) => void];
const LanguageContext = createContext<LanguageState | null>(null);

/** The back office's language: the one chosen on this browser, else the browser's, else English. */
export function BoLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<TextCode>(initial);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
  const setLanguage = useCallback((code: string) => {
    if (!(TEXT_CODES as readonly string[]).includes(code)) return;
    localStorage.setItem(KEY, code);
    setLanguageState(code as TextCode);
  }, []);
  return <LanguageContext.Provider value={[language, setLanguage]}>{children}</LanguageContext.Provider>;
}

export function useBoLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useBoLanguage outside BoLanguageProvider");
  return state;
}
