import {
  type HotelPageRoute,
  PAGE_ROUTES,
  type PageRoute,
  pathInHotel,
  ROUTES,
} from "@alloggio/domain/contract/web-routes";
import { type ComponentType, lazy, useEffect } from "react";
import { Route, Switch } from "wouter";
import { BootRedirect } from "../features/boot/boot-redirect";
import { useHotel } from "../features/hotel/hotel-context";
import { RoomsPage } from "../features/rooms/rooms-page";
import { useNavigateTo } from "../ui/app-link";
import { HotelLayout } from "./hotel-layout";
import { NotFoundPage } from "./not-found-page";
import { href } from "./routes";

// Everything but the search page loads on demand (keep the first bundle small).
const PortalPage = lazy(() => import("../features/portal/portal-page"));
const PackageListPage = lazy(() => import("../features/packages/package-list-page"));
const PackageViewPage = lazy(() => import("../features/packages/package-view-page"));
const ReservationLinkPage = lazy(() => import("../features/reservation-link/reservation-link-page"));
const ServicesPage = lazy(() => import("../features/services/services-page"));
const CheckoutPage = lazy(() => import("../features/checkout/checkout-page"));
const ThreeDsPage = lazy(() => import("../features/voucher/three-ds-page"));
const VoucherPage = lazy(() => import("../features/voucher/voucher-page"));
const RecoverPage = lazy(() => import("../features/recover/recover-page"));
const PortalRecoverPage = lazy(() => import("../features/recover/portal-recover-page"));
const ResetPasswordPage = lazy(() => import("../features/trade/reset-password-page"));
const AgencyPage = lazy(() => import("../features/agency/agency-page"));
// Outside the hotel's URL: the offer names its hotel, channel and language (ADR 0036).
const OfferPage = lazy(() => import("../features/offers/offer-page"));
const CroPage = lazy(() => import("../features/offers/cro-page"));
// The property's back office: one lazy area with its own router (ADR 0024); the guest pages never load it.
const BackOffice = lazy(() => import("../backoffice/back-office"));

function HotelIndex() {
  const { ids } = useHotel();
  const navigate = useNavigateTo();
  useEffect(() => navigate(href("rooms", ids) + window.location.search, { replace: true }), [ids, navigate]);
  return null;
}

/**
 * One component per page route of the domain's PAGE_ROUTES, the list the server answers 200 for: a page added
 * here without its route there (or the other way round) does not compile.
 */
const PAGES: Record<PageRoute, ComponentType> = {
  boot: BootRedirect,
  hotel: HotelIndex,
  rooms: RoomsPage,
  recover: RecoverPage,
  packageList: PackageListPage,
  packages: PackageListPage,
  packageView: PackageViewPage,
  reservationLinkView: ReservationLinkPage,
  services: ServicesPage,
  checkout: CheckoutPage,
  threeDs: ThreeDsPage,
  voucher: VoucherPage,
  portalHotelList: PortalPage,
  portalRecover: PortalRecoverPage,
  agencyPasswordReset: ResetPasswordPage,
  agencyReservations: AgencyPage,
  offer: OfferPage,
  cro: CroPage,
};

const isHotelPage = (name: PageRoute): name is HotelPageRoute =>
  ROUTES[name] === ROUTES.hotel || ROUTES[name].startsWith(`${ROUTES.hotel}/`);
const HOTEL_PAGES = PAGE_ROUTES.filter(isHotelPage);
const OTHER_PAGES = PAGE_ROUTES.filter((name) => !isHotelPage(name));

/** The routes of SPEC §2 (history mode, base /); the others arrive with their issues. */
export function AppRoutes() {
  return (
    <Switch>
      {/* Every /admin path is the back office's, which routes (and answers not-found) on its own. */}
      <Route path="/admin/*?" component={BackOffice} />
      <Route path={ROUTES.hotel} nest>
        <HotelLayout>
          <Switch>
            {HOTEL_PAGES.map((name) => (
              <Route key={name} path={pathInHotel(name)} component={PAGES[name]} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </HotelLayout>
      </Route>
      {OTHER_PAGES.map((name) => (
        <Route key={name} path={ROUTES[name]} component={PAGES[name]} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
