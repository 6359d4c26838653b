import type { App } from "../../http/app-type";

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A room picture for the demo: a bedroom drawn in SVG, its colors picked from the file name. */
export function drawDemoRoom(name: string): string {
  const h = hash(name);
  const wall = `hsl(${h % 360} 35% 86%)`;
  const floor = `hsl(${(h >> 9) % 360} 30% 62%)`;
  const cover = `hsl(${(h >> 3) % 360} 45% 48%)`;
  const sky = `hsl(${200 + ((h >> 5) % 30)} 70% 75%)`;
  const view = (h >> 7) % 3;
  const hills = view === 0 ? "#6b8f71" : view === 1 ? "#8aa1b1" : "#3f7cac";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" role="img">
<rect width="640" height="400" fill="${wall}"/>
<rect y="300" width="640" height="100" fill="${floor}"/>
<rect x="380" y="70" width="190" height="140" rx="6" fill="${sky}" stroke="#fff" stroke-width="10"/>
<path d="M385 205 L440 140 L490 185 L530 150 L565 205 Z" fill="${hills}"/>
<rect x="70" y="190" width="260" height="110" rx="10" fill="#fff"/>
<rect x="70" y="230" width="260" height="70" rx="10" fill="${cover}"/>
<rect x="60" y="150" width="20" height="160" rx="4" fill="#7a5c43"/>
<rect x="95" y="200" width="80" height="30" rx="10" fill="#f4f4f4"/>
<rect x="225" y="200" width="80" height="30" rx="10" fill="#f4f4f4"/>
<rect x="350" y="250" width="50" height="50" rx="4" fill="#7a5c43"/>
<circle cx="375" cy="235" r="14" fill="#f6d365"/>
</svg>`;
}

/** The demo group's page icon (its hosts' `iconUrl`): a house on the lake, in the demo channel's colours. */
export const DEMO_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#1d4ed8"/>
<path d="M14 32 L32 16 L50 32 V48 H14 Z" fill="#fff"/>
<rect x="27" y="36" width="10" height="12" fill="#1d4ed8"/>
<path d="M8 54 Q20 50 32 54 T56 54" stroke="#93c5fd" stroke-width="4" fill="none"/>
</svg>`;

/** Serves the demo group's room pictures at /demo/rooms/<name>.svg and its icon at /demo/icons/alloggio.svg. */
export function registerDemoImages(app: App): void {
  app.get("/demo/icons/alloggio.svg", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(DEMO_ICON),
  );
  app.get("/demo/rooms/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^[a-z0-9-]{1,60}\.svg$/.test(file)) return reply.callNotFound();
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(drawDemoRoom(file));
  });
}
