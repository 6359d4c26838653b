import { may } from "@alloggio/domain/contract/backoffice/access";
import { mayOpen } from "@alloggio/domain/contract/backoffice/routes";
import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useParams } from "wouter";
import { AppLink, useNavigateTo } from "../ui/app-link";
import { BoLanguageProvider } from "./language";
import { BoLayout } from "./layout";
import { HOTEL_NAV, navFor } from "./nav";
import { BO_ROUTES, type BoRouteName, boHref } from "./routes";
import { RequireStaff, useStaff } from "./staff";
import "./backoffice.css";

// The property's back office (ADR 0024): one lazy chunk for /admin, each screen a chunk of its own.
const SignInPage = lazy(() => import("./auth/sign-in-page"));
const SetupPage = lazy(() => import("./auth/setup-page"));
const AccountPage = lazy(() => import("./auth/account-page"));
const UsersPage = lazy(() => import("./users/users-page"));
const ReservationsPage = lazy(() => import("./reservations/reservations-page"));
const ReservationPage = lazy(() => import("./reservations/reservation-page"));
const CalendarPage = lazy(() => import("./calendar/calendar-page"));
const CataloguePage = lazy(() => import("./catalogue/catalogue-page"));
const QuotesPage = lazy(() => import("./quotes/quotes-page"));
const QuotePage = lazy(() => import("./quotes/quote-page"));
const AuditPage = lazy(() => import("./audit/audit-page"));
const TradePage = lazy(() => import("./trade/trade-page"));
const TradeAccountPage = lazy(() => import("./trade/trade-account-page"));
const OffersPage = lazy(() => import("./offers/offers-page"));
const NewOfferPage = lazy(() => import("./offers/new-offer-page"));
const OfferPage = lazy(() => import("./offers/offer-page"));
const ChatPage = lazy(() => import("./chat/chat-page"));
const ApiKeysPage = lazy(() => import("./integrations/api-keys-page"));
const ScriptsPage = lazy(() => import("./integrations/scripts-page"));
const AlpineBitsPage = lazy(() => import("./integrations/alpinebits-page"));
const PaymentsPage = lazy(() => import("./payments/payments-page"));

/** Where a user lands: the first area of their first hotel that their role may open. */
function Home() {
  const staff = useStaff();
  const navigate = useNavigateTo();
  useEffect(() => {
    const hotel = staff.hotels[0];
    const first = navFor(staff.role, HOTEL_NAV)[0];
    if (hotel && first)
      navigate(boHref(first.route, { hotel: hotel.id, ...first.params } as never), { replace: true });
    else if (may(staff.role, "users")) navigate(boHref("boUsers", {}), { replace: true });
  }, [staff, navigate]);
  return null;
}

function NotFound() {
  const { t } = useTranslation("bo");
  return (
    <div className="bo-page">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <AppLink to={boHref("boHome", {})}>{t("notFound.home")}</AppLink>
    </div>
  );
}

/** A page the user's role may not open: said so, with none of the page's buttons. */
function Refused() {
  const { t } = useTranslation("bo");
  return (
    <div className="bo-page">
      <h1>{t("refused.title")}</h1>
      <p>{t("refused.text")}</p>
      <AppLink to={boHref("boHome", {})}>{t("notFound.home")}</AppLink>
    </div>
  );
}

/** A page only for the roles its area allows (the same table as the menu; the server checks every call again). */
function RolePage({ route, page: Page }: { route: BoRouteName; page: ComponentType }) {
  const staff = useStaff();
  if (!mayOpen(staff.role, route)) return <Refused />;
  return <Page />;
}

/** A hotel page: only for a hotel of the user's and a role its area allows. */
function HotelPage({ route, page: Page }: { route: BoRouteName; page: ComponentType }) {
  const staff = useStaff();
  const { hotel } = useParams<{ hotel: string }>();
  if (!staff.hotels.some((h) => String(h.id) === hotel)) return <NotFound />;
  if (!mayOpen(staff.role, route)) return <Refused />;
  return <Page key={hotel} />;
}

function HotelIndex() {
  const { hotel } = useParams<{ hotel: string }>();
  const navigate = useNavigateTo();
  useEffect(() => navigate(boHref("boReservations", { hotel }), { replace: true }), [hotel, navigate]);
  return null;
}

const hotelPage = (route: BoRouteName, page: ComponentType) => () => <HotelPage route={route} page={page} />;
const rolePage = (route: BoRouteName, page: ComponentType) => () => <RolePage route={route} page={page} />;

const UsersRoute = rolePage("boUsers", UsersPage);
const TradeRoute = rolePage("boTrade", TradePage);
const TradeAccountRoute = rolePage("boTradeAccount", TradeAccountPage);

const HOTEL_PAGES: [string, ComponentType][] = [
  [BO_ROUTES.boHotel, HotelIndex],
  [BO_ROUTES.boReservations, hotelPage("boReservations", ReservationsPage)],
  [BO_ROUTES.boReservation, hotelPage("boReservation", ReservationPage)],
  [BO_ROUTES.boCalendar, hotelPage("boCalendar", CalendarPage)],
  [BO_ROUTES.boCatalogue, hotelPage("boCatalogue", CataloguePage)],
  [BO_ROUTES.boCatalogueItem, hotelPage("boCatalogueItem", CataloguePage)],
  [BO_ROUTES.boQuotes, hotelPage("boQuotes", QuotesPage)],
  [BO_ROUTES.boQuote, hotelPage("boQuote", QuotePage)],
  [BO_ROUTES.boAudit, hotelPage("boAudit", AuditPage)],
  [BO_ROUTES.boOffers, hotelPage("boOffers", OffersPage)],
  [BO_ROUTES.boOfferNew, hotelPage("boOfferNew", NewOfferPage)],
  [BO_ROUTES.boOffer, hotelPage("boOffer", OfferPage)],
  [BO_ROUTES.boChat, hotelPage("boChat", ChatPage)],
  [BO_ROUTES.boChatConversation, hotelPage("boChatConversation", ChatPage)],
  [BO_ROUTES.boApiKeys, hotelPage("boApiKeys", ApiKeysPage)],
  [BO_ROUTES.boScripts, hotelPage("boScripts", ScriptsPage)],
  [BO_ROUTES.boAlpineBits, hotelPage("boAlpineBits", AlpineBitsPage)],
  [BO_ROUTES.boPayments, hotelPage("boPayments", PaymentsPage)],
];

export default function BackOffice() {
  return (
    <BoLanguageProvider>
      <Suspense fallback={null}>
        <Switch>
          <Route path={BO_ROUTES.boSignIn} component={SignInPage} />
          <Route path={BO_ROUTES.boSetup} component={SetupPage} />
          <Route>
            <RequireStaff>
              <BoLayout>
                <Switch>
                  <Route path={BO_ROUTES.boHome} component={Home} />
                  <Route path={BO_ROUTES.boAccount} component={AccountPage} />
                  <Route path={BO_ROUTES.boUsers} component={UsersRoute} />
                  <Route path={BO_ROUTES.boTrade} component={TradeRoute} />
                  <Route path={BO_ROUTES.boTradeAccount} component={TradeAccountRoute} />
                  {HOTEL_PAGES.map(([path, component]) => (
                    <Route key={path} path={path} component={component} />
                  ))}
                  <Route component={NotFound} />
                </Switch>
              </BoLayout>
            </RequireStaff>
          </Route>
        </Switch>
      </Suspense>
    </BoLanguageProvider>
  );
}
