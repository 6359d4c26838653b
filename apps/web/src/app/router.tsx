import { lazy, useEffect } from "react";
import { Route, Switch } from "wouter";
import { BootRedirect } from "../features/boot/boot-redirect";
import { useHotel } from "../features/hotel/hotel-context";
import { RoomsPage } from "../features/rooms/rooms-page";
import { useNavigateTo } from "../ui/app-link";
import { HotelLayout } from "./hotel-layout";
import { NotFoundPage } from "./not-found-page";
import { href, ROUTES } from "./routes";

// Everything but the search page loads on demand (issue 3: keep the first bundle small).
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

function HotelIndex() {
  const { ids } = useHotel();
  const navigate = useNavigateTo();
  useEffect(() => navigate(href("rooms", ids) + window.location.search, { replace: true }), [ids, navigate]);
  return null;
}

/** The routes of SPEC §2 (history mode, base /); the others arrive with their issues. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={BootRedirect} />
      <Route path={ROUTES.hotel} nest>
        <HotelLayout>
          <Switch>
            <Route path="/" component={HotelIndex} />
            <Route path="/rooms" component={RoomsPage} />
            <Route path="/recover" component={RecoverPage} />
            <Route path="/package/list" component={PackageListPage} />
            <Route path="/packages" component={PackageListPage} />
            <Route path="/package/view/:packid" component={PackageViewPage} />
            <Route path="/reservationLink/view/:reservationLinkId" component={ReservationLinkPage} />
            <Route path="/services" component={ServicesPage} />
            <Route path="/checkout" component={CheckoutPage} />
            <Route path="/3ds/code/:code/email/:email" component={ThreeDsPage} />
            <Route path="/voucher/code/:code/email/:email" component={VoucherPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </HotelLayout>
      </Route>
      <Route path={ROUTES.portalRecover} component={PortalRecoverPage} />
      <Route path={ROUTES.portalHotelList} component={PortalPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
