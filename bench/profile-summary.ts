// Summarises a .cpuprofile written by `npm run bench -- --profile`: self time by function and by module
// (package under node_modules, or the repository file), so a missed goal comes with where the time goes.
// Usage: npx tsx bench/profile-summary.ts bench/results/profile-postgres-b3.cpuprofile [top=25]
import { readFileSync } from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function moduleOf(url: string): string {
  if (!url) return "(native / V8)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return `npm:${nm[1]}`;
  if (url.startsWith("node:")) return url;
  const repo = /\/work\/[^/]+\/(.*)$/.exec(url.replace("file://", ""));
  return repo?.[1] ?? url;
}

export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const f = n.callFrame;
    const mod = moduleOf(f.url);
    const name = `${f.functionName || "(anonymous)"}  ${mod}:${f.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  }
  const table = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join("\n");
  return [
    `${(total / 1e6).toFixed(1)} s sampled`,
    "— self time by module —",
    table(byModule),
    "— self time by function —",
    table(byFunction),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
  console.log(summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, Number(process.argv[3] ?? 25)));
}
