import { z } from "zod";

// zod probes whether `new Function` works (to compile its object parsers); under our CSP, which has no
// 'unsafe-eval', the caught probe still shows as a policy violation in the console. Its plain parsers are enough.
z.config({ jitless: true });
