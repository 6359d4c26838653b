import "./lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, queryClient } from "./app/app";
import { hotelPageIds } from "./app/first-page";
import { keepFirstPaintUntilReady } from "./app/first-paint";
import { prefetchHotelList } from "./features/boot/api/use-hotel-list";

// A hotel page's hotel list is asked for now, beside its texts (i18n.ts), not after the first render (ADR 0046).
const ids = hotelPageIds(window.location.pathname);
// The same address as index.html's early request (channel, hotel, language), so getJson takes its answer.
if (ids) prefetchHotelList(queryClient, { channel: ids.channel, hotel: ids.hotel, language: ids.language });

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
const drawn = keepFirstPaintUntilReady(root);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const reactRoot = createRoot(root);
// Under the server's first paint (ADR 0051) nobody waits for React's first render: it runs at transition priority,
// in slices the browser can interrupt, rather than in long tasks.
if (drawn) startTransition(() => reactRoot.render(app));
else reactRoot.render(app);
