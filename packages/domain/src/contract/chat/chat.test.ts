import { describe, expect, it } from "vitest";
import { StaffReplySchema } from "../backoffice/chat";
import { ChatPollQuerySchema, MAX_CHAT_MESSAGE, PostGuestMessageSchema } from "./chat";

describe("the chat's message rules (SPEC §5)", () => {
  it("trims the message and refuses an empty one", () => {
    expect(PostGuestMessageSchema.parse({ body: "  Hello \n" })).toEqual({ body: "Hello", after: 0 });
    for (const body of ["", "   ", "\n\t "]) {
      const result = PostGuestMessageSchema.safeParse({ body });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["body"]);
    }
    expect(StaffReplySchema.safeParse({ body: " " }).success).toBe(false);
  });

  it("allows at most MAX_CHAT_MESSAGE characters", () => {
    expect(PostGuestMessageSchema.safeParse({ body: "x".repeat(MAX_CHAT_MESSAGE) }).success).toBe(true);
    const long = PostGuestMessageSchema.safeParse({ body: "x".repeat(MAX_CHAT_MESSAGE + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(["body"]);
    expect(StaffReplySchema.safeParse({ body: "x".repeat(MAX_CHAT_MESSAGE + 1) }).success).toBe(false);
  });

  it("refuses unknown fields and a malformed e-mail; polls from 0 by default", () => {
    expect(PostGuestMessageSchema.safeParse({ body: "Hi", html: "<b>" }).success).toBe(false);
    expect(PostGuestMessageSchema.safeParse({ body: "Hi", email: "not-an-address" }).success).toBe(false);
    expect(ChatPollQuerySchema.parse({})).toEqual({ after: 0 });
    expect(ChatPollQuerySchema.parse({ after: "12" })).toEqual({ after: 12 });
    expect(ChatPollQuerySchema.safeParse({ after: "-1" }).success).toBe(false);
  });
});
