import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { App } from "../../http/app";
import { registerDemoImages } from "./demo-images";

describe("demo images", () => {
  it("serves the demo hosts' icon and room pictures as SVG, and nothing else", async () => {
    const app = Fastify();
    registerDemoImages(app as unknown as App);
    const icon = await app.inject({ url: "/demo/icons/alloggio.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toMatch(/^<svg /);
    const room = await app.inject({ url: "/demo/rooms/lake-view.svg" });
    expect(room.statusCode).toBe(200);
    expect((await app.inject({ url: "/demo/rooms/..%2Fsecret.svg" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/demo/icons/other.svg" })).statusCode).toBe(404);
    await app.close();
  });
});
