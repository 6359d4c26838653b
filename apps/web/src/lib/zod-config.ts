// zod probes whether `new Function` works (to compile its object parsers); under our CSP, which has no
// 'unsafe-eval', the caught probe still shows as a policy violation in the console. Its plain parsers are enough.
// zod keeps its config on globalThis (`z.config` writes the same object): set here without importing zod, which
// would put zod's core (4 KB gzip) in the first page's bundle; zod-config.test.ts proves zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
