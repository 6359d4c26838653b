import { describe, expect, it } from "vitest";
import { findMessagingUrl } from "./messaging-url";

const both = {
  active: true,
  mobileUrl: "https://m.example.test/chat",
  webUrl: "https://web.example.test/chat",
};

describe("findMessagingUrl", () => {
  it.each([
    ["mobile link on a phone", both, true, "https://m.example.test/chat"],
    ["web link on a desktop", both, false, "https://web.example.test/chat"],
    [
      "web link on a phone when there is no mobile one",
      { active: true, webUrl: both.webUrl },
      true,
      both.webUrl,
    ],
    [
      "mobile link on a desktop when there is no web one",
      { active: true, mobileUrl: both.mobileUrl },
      false,
      both.mobileUrl,
    ],
    ["nothing when messaging is off", { ...both, active: false }, false, null],
    [
      "a WhatsApp link from the number",
      { active: true, button: "WhatsApp", number: "+39 333 555 0101" },
      true,
      "https://wa.me/393335550101",
    ],
    [
      "nothing for a number of another app",
      { active: true, button: "Chat", number: "+39 333 555 0101" },
      false,
      null,
    ],
    ["no script links", { active: true, webUrl: "javascript:alert(1)" }, false, null],
  ])("%s", (_label, messaging, isPhone, expected) => {
    expect(findMessagingUrl(messaging, isPhone)).toBe(expected);
  });
});
