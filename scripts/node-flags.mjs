// The V8 heap settings every Alloggio server process runs with (ADR 0050). Node sizes its heap from the machine's
// memory (about 4 GB here) and so lets garbage pile up to several times what is alive: a server using 100 MB
// peaked at 414 MB. An old space of HEAP_MB megabytes (256 by default) and 8 MB semi-spaces keep it near what it
// uses. `npm start`, `npm run start:prod`, the systemd unit and the container image write the same flags (a test
// checks them); the bench starts its servers with these.
export const DEFAULT_HEAP_MB = 256;
export const SEMI_SPACE_MB = 8;

/** The node command-line flags of a server process, for the environment `env`. */
export function serverNodeFlags(env = process.env) {
  const mb = Number.parseInt(env.HEAP_MB ?? "", 10);
  return [`--max-old-space-size=${mb > 0 ? mb : DEFAULT_HEAP_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}
