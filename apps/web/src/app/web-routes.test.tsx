import { isWebPage, PAGE_ROUTES, ROUTES } from "@alloggio/domain/contract/web-routes";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { matchRoute, Router, useLocation, useRouter } from "wouter";

// The server decides 200 or 404 with the domain's matcher; the web app routes with wouter. They must agree.
function Matches() {
  const { parser } = useRouter();
  const [location] = useLocation();
  const matched = PAGE_ROUTES.filter((name) => matchRoute(parser, ROUTES[name], location)[0]);
  return <>{matched.join(",")}</>;
}

const wouterFindsAPage = (path: string) =>
  renderToString(
    <Router ssrPath={path}>
      <Matches />
    </Router>,
  ) !== "";

describe("the server's page matcher and the web router agree", () => {
  it.each([
    "/",
    "/nope",
    "/channel/1/language/1",
    "/channel/1/language/1/",
    "/channel/1/language/1/recover",
    "/channel/1/language/1/agency",
    "/hotel/1/channel/1/language/1",
    "/hotel/1/channel/1/language/1/",
    "/hotel/1/channel/1/language/1/Rooms",
    "/hotel/1/channel/1/language/1/rooms/x",
    "/hotel/1/channel/1/language/1/packages",
    "/hotel/1/channel/1/language/1/package/list",
    "/hotel/1/channel/1/language/1/package/view/3",
    "/hotel/1/channel/1/language/1/package/view",
    "/hotel/1/channel/1/language/1/voucher/code/AB/email/a%40b.it",
    "/hotel/1/channel/1/language/1/3ds/code/AB/email/a@b.it",
    "/hotel/1/channel/1",
    "/offer/X",
    "/offer/DEM00FFERH0TE101",
    "/offer/DEM00FFERH0TE101/x",
    "/cro/ABCD",
    "/cro",
  ])("%s", (path) => {
    expect(isWebPage(path)).toBe(wouterFindsAPage(path));
  });
});
