// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageSwitcher } from "./language-switcher";
import { buildHotelContext, renderInHotel } from "./render-in-hotel";

describe("LanguageSwitcher", () => {
  afterEach(cleanup);

  it("lists the nine languages in their own names", async () => {
    window.history.replaceState(null, "", "/hotel/1/channel/1/language/1/rooms");
    renderInHotel(<LanguageSwitcher />);
    const select = await screen.findByRole("combobox", { name: "Language" });
    const options = [...(select as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual([
      "English",
      "Italiano",
      "Deutsch",
      "Français",
      "Español",
      "中文",
      "Русский",
      "Português",
      "日本語",
    ]);
    expect((select as HTMLSelectElement).value).toBe("1");
  });

  it("switches to the same page in the new language, keeping the search and the reservation link", async () => {
    const user = userEvent.setup();
    const query = "?arrival=20300610&departure=20300612&adults=2,1&childs=1,0&ages=5&reservationLinkId=77";
    window.history.replaceState(null, "", `/hotel/4/channel/1/language/1/rooms${query}`);
    renderInHotel(<LanguageSwitcher />, buildHotelContext({ id: 4 }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "Italiano");
    expect(window.location.pathname).toBe("/hotel/4/channel/1/language/2/rooms");
    expect(window.location.search).toBe(query);
  });
});
