import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mail";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The owner manages the staff: invites a reception user for one hotel, sees them invited, changes the
// role, disables them; the hotel's audit log shows those changes.

test("the owner invites, changes and disables a staff user, and the audit log shows it", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `rita-${tag}@example.test`;
  const name = `Rita ${tag}`;

  await signInAsDemoOwner(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await capture("users");
  await axe("users");

  // Invite: reception, one hotel, the mail in Italian.
  await page.getByRole("button", { name: "Invite a user" }).click();
  const invite = page.getByRole("region", { name: "Invite a user" });
  await expect(invite).toBeVisible();
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Name").fill(name);
  await invite.getByLabel("Role").selectOption({ label: "Reception" });
  await invite.getByLabel("Language").selectOption({ label: "Italiano" });
  await invite.getByRole("radio", { name: "Only these hotels" }).check();
  const hotels = invite.getByRole("group", { name: "Hotels" }).getByRole("checkbox");
  const hotelName = ((await hotels.first().locator("xpath=..").textContent()) ?? "").trim();
  await hotels.first().check();
  await capture("users invite");
  await axe("users invite");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell", { name: "Invited" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Reception" })).toBeVisible();
  // On a phone a cell's name starts with its column's (the row is a card): the end is the cell's own.
  await expect(row.getByRole("cell", { name: new RegExp(`(^| )${escapeRegExp(hotelName)}$`) })).toBeVisible();

  const mail = await receivedMail(email);
  expect(mail.subject).toContain("Il tuo invito");
  expect(mail.text).toMatch(/\/admin\/setup\/[A-Za-z0-9_-]{43}/);

  // An invited user has no password or second factor to reset; an active one offers the password reset.
  await expect(row.getByRole("button", { name: `Reset the password of ${name}` })).toHaveCount(0);
  await expect(
    page
      .getByRole("row", { name: /manager@demo\.alloggio/ })
      .getByRole("button", { name: /^Reset the password of / }),
  ).toBeVisible();

  // The list keeps its filters in the URL.
  await page.getByLabel("Name or e-mail").fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole("row")).toHaveCount(2);

  // Change the role.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await edit.getByLabel("Role").selectOption({ label: "Manager" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText(`Changes to ${name} saved.`);
  await expect(row.getByRole("cell", { name: "Manager" })).toBeVisible();

  // Disable, with a confirmation step.
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  const confirm = page.getByRole("region", { name: `Disable ${name}?` });
  await expect(confirm).toBeVisible();
  await capture("users confirm disable");
  await axe("users confirm disable");
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("status")).toHaveText(`${name} is disabled.`);
  await expect(row.getByRole("cell", { name: "Disabled" })).toBeVisible();
  await expect(row.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
  await capture("users after");

  // The audit log of a hotel shows the three changes, newest first, with who made them.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Who").selectOption({ label: "owner@demo.alloggio" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/user=owner%40demo\.alloggio/);
  // "User", named by the user's e-mail (not an id).
  const userCell = page.getByRole("cell", { name: new RegExp(`(^| )User ${escapeRegExp(email)}$`) });
  const entries = page.getByRole("row").filter({ has: userCell });
  await expect(entries.first()).toBeVisible();
  const actions = await entries.getByRole("cell").allTextContents();
  const order = ["User disabled", "User changed", "User invited"].map((a) =>
    actions.findIndex((text) => text.startsWith(a)),
  );
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await expect(entries.filter({ hasText: "User changed" }).getByText("reception")).toBeVisible();
  await expect(entries.first().getByText(email)).toBeVisible();
  await capture("audit");
  // Nothing scrolls sideways: at 390 px each entry is a card.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  expect(
    await page
      .getByRole("table", { name: "Changes, newest first" })
      .evaluate(
        (el) => (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
      ),
  ).toBe(0);
  await axe("audit");

  await page.getByLabel("Action").selectOption({ label: "User disabled" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=user\.disable/);
  await expect(page.getByRole("row").filter({ has: userCell })).toHaveCount(1);
  await capture("audit filtered");
});
