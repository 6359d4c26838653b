import { expect, test } from "./fixtures";

test("a hotel that fails to load shows the System unavailable dialog", async ({ page, axe, capture }) => {
  await page.goto("/hotel/999/channel/1/language/1/rooms");

  // SPEC §8: the offline dialog, modal, titled by its heading, with a way to try again.
  const dialog = page.getByRole("dialog", { name: "System unavailable" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "System unavailable" })).toBeVisible();
  await expect(dialog.getByText(/currently undergoing maintenance/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Try again" })).toBeVisible();
  await capture("system unavailable");
  await axe("system unavailable");
});
