import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import zlib from "node:zlib";
import { isBackOfficePage } from "@alloggio/domain/contract/backoffice/routes";
import { withoutNul } from "@alloggio/domain/contract/common";
import { isIndexablePage, isWebPage } from "@alloggio/domain/contract/web-routes";
import { channelOfPath, documentClassOf, pageKindOf } from "@alloggio/domain/tracking/pages";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { Database } from "../db/client";
import { registerDemoImages } from "../db/demo/demo-images";
import { listHotels } from "../features/channels";
import { offerSummary } from "../features/offers";
import { listPackages } from "../features/packages";
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  type DescribeAccount,
  type PaymentGateways,
  paymentKeysCipher,
  type SandboxGateway,
  stripeAccountLookup,
} from "../features/payments";
import { SearchCache } from "../features/search";
import { registerAlpineBitsRoutes } from "./alpinebits/routes";
import type { App } from "./app-type";
import { registerBackOfficeRoutes } from "./backoffice/routes";
import { createRecoverLimiter, registerBookingRoutes } from "./booking/routes";
import { registerChannelRoutes } from "./channels/routes";
import { registerChatRoutes } from "./chat/routes";
import { registerCspReportRoutes } from "./csp-reports/routes";
import { registerCurrencyRoutes } from "./currency/routes";
import { registerHotelRoutes } from "./hotels/routes";
import { registerMailRoutes } from "./mail/routes";
import { registerManageRoutes } from "./manage/routes";
import { registerOfferRoutes } from "./offers/routes";
import { registerPackageRoutes } from "./packages/routes";
import { registerSandboxRoutes } from "./payments/sandbox-routes";
import { registerWebhookRoutes } from "./payments/webhook-routes";
import { registerPortalRoutes } from "./portal/routes";
import { registerResaleRoutes } from "./resale/routes";
import { registerSearchRoutes } from "./search/routes";
import { registerTradeAccountRoutes } from "./trade/account-routes";
import { registerAgencyRoutes } from "./trade/agency-routes";
import { registerTradeRoutes } from "./trade/routes";
import { registerVoucherPdfRoutes } from "./voucher-pdf/routes";

export type { App } from "./app-type";

import { frameworkErrors, registerErrorHandler, sendError } from "./error-handler";
import {
  createFirstPaint,
  drawnPageIds,
  PAGE_MODULES,
  readFirstPaintTexts,
  readPageStyles,
  withFirstPaint,
} from "./first-paint";
import { createLinkBase } from "./link-base";
import { serializeError, serializeRequest } from "./log-privacy";
import { createPageChannelLookup } from "./page-channel";
import { documentSources, newNonce, pageCsp, paymentCsp, preparePage, REPORTING_ENDPOINTS } from "./page-csp";
import { registerRobots } from "./robots";
import { isUrlTooLong, MAX_URL_LENGTH } from "./url-limit";

export type AppOptions = {
  database: Database;
  now?: () => Date;
  apiKeys: string[];
  overrideSecret: string;
  logLevel?: string;
  /** The server's default payment gateway, whose pages the server mounts; the built-in sandbox by default. */
  gateway?: SandboxGateway;
  /** The site's gateways (each hotel's own beside the default); the default alone when absent. */
  gateways?: PaymentGateways;
  /** The built web app; served at / with history-mode fallback when it exists. */
  webDist?: string | undefined;
  /** The outbox at /dev/mailbox (DEV_MAILBOX=true only; 404 otherwise). */
  devMailbox?: boolean;
  /** PUBLIC_URL: the base of links in mails and PDFs (http://localhost by default). */
  publicUrl?: string;
  /** Where the log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** How the trade login waits before answering after failures (progressive delay); a real timer by default. */
  sleep?: (ms: number) => Promise<void>;
  /** Fastify's `trustProxy` (env TRUST_PROXY): whose X-Forwarded-For names the client. None by default. */
  trustProxy?: boolean | string[];
  /** Mark every cookie Secure, whatever the request's protocol (production unless PLAIN_HTTP). Off by default. */
  secureCookies?: boolean;
  /** The site is only served over https (production unless PLAIN_HTTP): HSTS and upgrade-insecure-requests. */
  httpsOnly?: boolean;
  /** Megabytes of search answers kept in memory (env SEARCH_CACHE_MB, ADR 0045); 0 keeps none. 32 by default. */
  searchCacheMb?: number;
  /** PAYMENT_KEYS_SECRET (ADR 0073): seals the hotels' gateway secrets; without it no hotel can save keys. */
  paymentKeysSecret?: string | undefined;
  /** "Test the connection": the Stripe account of a secret key (none wired by default: it answers unreachable). */
  describeAccount?: DescribeAccount;
  /** STRIPE_API_BASE: another origin for Stripe's API (the local fake in development and tests); Stripe's own by default. */
  stripeApiBase?: string | undefined;
  /** A production server, whose payments are real: a hotel's test-mode key is flagged in the back office. */
  liveSite?: boolean;
};

const NOINDEX = '<meta name="robots" content="noindex, nofollow" />';

/** A page's schema.org description, as a data block (JSON with `<` escaped, so no text can close the element). */
const structuredData = (data: Record<string, unknown> | null, nonce: string) =>
  data
    ? `<script type="application/ld+json" nonce="${nonce}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`
    : "";

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Builds the HTTP server: the API under /api, OpenAPI at /api/docs, the web app everywhere else. */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "info",
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ["req.headers.authorization", 'req.headers["x-api-key"]'],
      // No reservation code or e-mail in a log line (the voucher's path carries both).
      serializers: { req: serializeRequest, err: serializeError },
    },
    bodyLimit: 256 * 1024,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  // Every string of every request part refuses a NUL character first, as a 400 naming the field.
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: withoutNul(route.schema as ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // HTML and JSON answers over 1 KB go out compressed to a client that takes it (brotli at a quality cheap enough
  // for every request, else gzip); the build's files have their twins made at build time (ADR 0046).
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(helmet, {
    // No page passes its address on: the voucher's carries the reservation code and e-mail (SPEC §2).
    referrerPolicy: { policy: "no-referrer" },
    // Over plain HTTP (development, a test deployment) these would send the browser to an https that is not there.
    strictTransportSecurity: options.httpsOnly ?? false,
    contentSecurityPolicy: {
      directives: {
        "upgrade-insecure-requests": options.httpsOnly ? [] : null,
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "https:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "script-src": ["'self'"],
        // The payment card page (ours) and, after the guest presses play, an offer's video players (ADR 0036).
        "frame-src": [
          "'self'",
          "https://www.youtube-nocookie.com",
          "https://player.vimeo.com",
          "https://vimeo.com",
          "https://www.dailymotion.com",
          "https://geo.dailymotion.com",
        ],
      },
    },
  });
  // Before any route reads it: an address past the limit costs nothing more than this answer.
  app.addHook("onRequest", async (request, reply) => {
    if (isUrlTooLong(request.url))
      return sendError(
        reply,
        request.id,
        414,
        "uri_too_long",
        `url: longer than ${MAX_URL_LENGTH} characters`,
        [{ field: "url", message: `is longer than ${MAX_URL_LENGTH} characters` }],
      );
  });
  // No page uses the camera, the microphone, the position or the Payment Request API (the card page is a form).
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  });
  // The API's answers (reservations, sessions, CSRF tokens, offers, chats) are kept by no browser or proxy; a
  // route that serves something public (a photo) says so itself. The web app's files have their own rules below.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
    return payload;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Alloggio API",
        version: "0.1.0",
        description: "The calls between the Alloggio web app and its server (SPEC §7, API.md).",
      },
      components: { securitySchemes: { apiKey: { type: "apiKey", name: "X-Api-Key", in: "header" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const searchCache =
    (options.searchCacheMb ?? 32) > 0
      ? new SearchCache(options.database, (options.searchCacheMb ?? 32) * 1024 * 1024)
      : null;
  if (searchCache) {
    await searchCache.listen();
    app.addHook("onClose", () => searchCache.close());
  }
  app.decorate("searchCache", searchCache);
  app.decorate("secureCookies", options.secureCookies ?? false);
  const deps = {
    database: options.database,
    searchCache,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    overrideSecret: options.overrideSecret,
    linkBase: createLinkBase(options.database, options.publicUrl ?? "http://localhost"),
  };
  // Cookies: the back office's session and the trade login's (which the searches read).
  await app.register(cookie);
  registerTradeRoutes(app, deps);
  registerTradeAccountRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerChannelRoutes(app, { ...deps, apiKeys: options.apiKeys });
  registerHotelRoutes(app, deps);
  registerPackageRoutes(app, deps);
  registerPortalRoutes(app, deps);
  registerCurrencyRoutes(app, deps);
  registerMailRoutes(app, { database: options.database, enabled: options.devMailbox ?? false });
  app.get("/api/health", { schema: { hide: true } }, async () => ({ ok: true }));
  registerDemoImages(app);
  const gateway = options.gateway ?? createSandboxGateway(options.database);
  const cipher = paymentKeysCipher(options.paymentKeysSecret);
  const stripe = { apiBase: options.stripeApiBase, siteOrigin: options.publicUrl ?? "http://localhost" };
  const gateways =
    options.gateways ??
    createPaymentGateways(gateway, createHotelGatewayLookup(options.database, cipher, stripe));
  const codeLimiter = createRecoverLimiter(deps.database, deps.now);
  registerBookingRoutes(app, { ...deps, gateways, codeLimiter });
  registerWebhookRoutes(app, { ...deps, gateways });
  registerManageRoutes(app, { ...deps, gateways, codeLimiter });
  registerResaleRoutes(app, { ...deps, gateways, codeLimiter });
  registerVoucherPdfRoutes(app, { ...deps, gateways, codeLimiter });
  registerAgencyRoutes(app, { ...deps, gateways });
  const payments = {
    cipher,
    liveSite: options.liveSite ?? false,
    publicUrl: options.publicUrl ?? "http://localhost",
    describeAccount: options.describeAccount ?? stripeAccountLookup(stripe),
  };
  await registerBackOfficeRoutes(app, { ...deps, gateways, codeLimiter, payments });
  registerOfferRoutes(app, { ...deps, gateways });
  registerChatRoutes(app, deps);
  registerAlpineBitsRoutes(app, { ...deps, publicUrl: payments.publicUrl });
  registerCspReportRoutes(app, deps);
  await registerSandboxRoutes(app, gateway, deps.now);
  registerRobots(app, {
    hostHotels: (hostname) =>
      listHotels({ database: options.database, apiKeys: options.apiKeys }, options.apiKeys[0], {
        domain: hostname,
        language: 1,
      }).then(
        // A trade channel's pages are for signed-in agencies: never listed.
        (list) => (list.channel.trade ? null : list),
        () => null,
      ),
    linkBase: deps.linkBase,
  });

  const webDist = options.webDist ? resolve(options.webDist) : null;
  const hasWeb = webDist !== null && existsSync(resolve(webDist, "index.html"));
  // The page carries the public API key of hotellist.do (SPEC §7: the key goes in a header), a nonce slot on its
  // scripts and the integrity of its same-origin entry files (ADR 0042).
  const page = hasWeb
    ? preparePage(
        readFileSync(resolve(webDist, "index.html"), "utf8").replace(
          "</head>",
          `<meta name="alloggio-api-key" content="${escapeAttribute(options.apiKeys[0] ?? "")}" /></head>`,
        ),
        (path) => {
          const file = resolve(webDist, path);
          return file.startsWith(`${webDist}/`) && existsSync(file) ? readFileSync(file) : null;
        },
      )
    : null;
  const pageChannel = createPageChannelLookup(options.database, deps.now);
  // The search page's header and notice drawn into its HTML from the channel's hotel list (ADR 0051), and every
  // listed page's title and description.
  const firstPaint = createFirstPaint(
    hasWeb ? readFirstPaintTexts(resolve(webDist, "first-paint-texts.json")) : null,
    (q) => listHotels({ database: options.database, apiKeys: options.apiKeys }, options.apiKeys[0], q),
    deps.now,
    {
      // The offer page's hotel, channel, language and state, as GET /api/v2/offers/:offerCode reads them.
      offerSummary: (code) => offerSummary({ database: options.database, now: deps.now }, code),
      // The packages list page's packages, as package.do answers them.
      packages: (q) => listPackages(deps, q),
      // The portal's, the offer's, the packages list's and the voucher's own stylesheets: they are drawn styled.
      styles: hasWeb
        ? readPageStyles(resolve(webDist, ".vite/manifest.json"), PAGE_MODULES)
        : { portal: [], offer: [], packages: [], voucher: [] },
    },
  );
  // The build's files: its `.br`/`.gz` twins to a browser that takes them (written at build, ADR 0046). The hashed
  // files under /assets/ never change, so a browser keeps them for a year without asking again; they are served
  // by one wildcard route (a route per file, some 1 200 with the twins, cost the router half a second of every
  // start). The few others get a route each; index.html is not one of them: it goes out with its nonce below.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: resolve(webDist, "assets"),
      prefix: "/assets/",
      index: false,
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build manifest (.vite/) is for scripts/bundle-size.mjs, not for browsers.
      globIgnore: ["assets/**", "index.html", "first-paint-texts.json*", ".vite/**"],
      decorateReply: false,
    });
  }
  // History mode: a GET (or HEAD, as uptime monitors ask) outside /api that is no file gets the web app; 200 when one of its pages matches the path,
  // else 404 with the same HTML, which shows the web app's not-found page. Each answer has its own nonce and the
  // CSP of its document: the channel's tag origins on a tracked page, none on a strict one (ADR 0042). A GET is a
  // route of its own (a route's answer is compressed; the not-found handler's is not); other methods end here too.
  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "/";
    const read = request.method === "GET" || request.method === "HEAD";
    if (page && read && !request.url.startsWith("/api/")) {
      const kind = pageKindOf(path);
      const settings =
        documentClassOf(kind) === "tracked"
          ? await pageChannel({ channelId: channelOfPath(path), host: request.host })
          : null;
      const sources = documentSources(settings, kind);
      const nonce = newNonce();
      const base = String(reply.getHeader("content-security-policy") ?? "default-src 'self'");
      // A booking's steps and anyone's own pages (a voucher carries its code and e-mail) are never listed.
      const listed = isIndexablePage(path);
      if (!listed) reply.header("x-robots-tag", "noindex, nofollow");
      const rendered = page.render(nonce, sources.documentClass);
      const meta = listed
        ? await firstPaint.meta({ path, hostname: request.hostname, base: () => deps.linkBase(request) })
        : null;
      const html = !listed
        ? rendered.replace("</head>", `${NOINDEX}</head>`)
        : meta
          ? rendered
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(meta.title)}</title>`)
              .replace(
                "</head>",
                `<meta name="description" content="${escapeAttribute(meta.description)}" />${structuredData(meta.structured, nonce)}</head>`,
              )
          : rendered;
      const search = request.url.slice(path.length);
      const drawn = await firstPaint.draw({ path, search, hostname: request.hostname, nonce });
      const language = drawn?.language ?? drawnPageIds(path)?.language;
      return reply
        .code(isWebPage(path) || isBackOfficePage(path) ? 200 : 404)
        .type("text/html")
        .header("cache-control", "no-cache")
        .header(
          "content-security-policy",
          kind === "payment"
            ? paymentCsp(pageCsp(base, sources, nonce), gateway.pageOrigins)
            : pageCsp(base, sources, nonce),
        )
        .header("reporting-endpoints", REPORTING_ENDPOINTS)
        .send(drawn && language ? withFirstPaint(html, drawn, language, nonce) : html);
    }
    return sendError(
      reply,
      request.id,
      404,
      "not_found",
      `No route for ${request.method} ${request.url.split("?")[0]}`,
      [{ field: "path", message: "unknown" }],
    );
  };
  app.get("*", { schema: { hide: true } }, answerPage);
  app.setNotFoundHandler(answerPage);
  return app;
}
