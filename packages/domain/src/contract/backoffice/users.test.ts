import { describe, expect, it } from "vitest";
import { InviteUserSchema } from "./users";

const invite = (email: string) =>
  InviteUserSchema.safeParse({ email, name: "Ada", role: "reception", allHotels: true });

describe("InviteUserSchema's e-mail", () => {
  it("takes an address with a dotted domain and refuses one without", () => {
    expect(invite("Ada@Hotel.Example").success).toBe(true);
    for (const email of ["ada@hotel", "ada@@hotel.example", "ada@hotel..example", "ada hotel@x.example"])
      expect(invite(email).success, email).toBe(false);
  });

  it("costs little on a long run of dots (the former pattern backtracked quadratically)", () => {
    const email = `a@${".".repeat(20_000)}@`;
    const before = process.cpuUsage();
    expect(invite(email).success).toBe(false);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(50);
  });
});
