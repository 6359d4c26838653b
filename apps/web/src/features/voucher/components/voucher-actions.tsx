import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";

/**
 * ┌──────────────────────────────────────────────────────────────────────────────────────────────────────────┐
 * │ VOUCHER ACTIONS: the next issue's. SPEC §2 Voucher and §4 Reservation: cancel, cancel a room, modify with a │
 * │ preview, add services, pay now, authorise now, installment activation, transfer details editing.           │
 * └──────────────────────────────────────────────────────────────────────────────────────────────────────────┘
 * The voucher renders this right under its summary (and hides it in print). It shows nothing until the actions
 * exist: no dead buttons. Build them here, from `reservation.status` and `reservation.policy`.
 */
export function VoucherActions(_props: { reservation: Reservation }) {
  return null;
}
