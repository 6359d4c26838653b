// Stay dates as the API writes them (YYYYMMDD), for the journeys that pick their own stays.

export const toDate = (ymd: string) =>
  new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))));
export const toYmd = (date: Date) => date.toISOString().slice(0, 10).replaceAll("-", "");
export const addDays = (ymd: string, days: number) =>
  toYmd(new Date(toDate(ymd).getTime() + days * 86_400_000));
