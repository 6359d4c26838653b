import type { BulkResult, Calendar, CellEditResult } from "@alloggio/domain/contract/backoffice/rates";
import { boGet, boPost, boPut } from "../api";

export const calendarKey = (hotelId: number | null) => ["backoffice", "calendar", hotelId] as const;

export const fetchCalendar = (hotelId: number, from: string, days: number) =>
  boGet<Calendar>(`hotels/${hotelId}/calendar`, { from, days });

export const putCell = (hotelId: number, edit: Record<string, unknown>) =>
  boPut<CellEditResult>(`hotels/${hotelId}/calendar/cells`, edit);

export const postBulk = (hotelId: number, body: Record<string, unknown>) =>
  boPost<BulkResult>(`hotels/${hotelId}/calendar/bulk`, body);
