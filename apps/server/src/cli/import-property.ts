// `npm run import -- hotel.json [more.json …]`: validates every file, then imports each in its own transaction
// into DATABASE_URL, or the embedded database in DATA_DIR. Exits 1, having written nothing, if any file is bad.
import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { type ImportIssue, parsePropertyFile } from "@alloggio/domain/contract/property/property-file";
import { importProperty } from "../features/admin";
import { runCommand, withDatabase } from "./run";

function printIssues(file: string, issues: ImportIssue[]): void {
  console.error(`${file}: refused, ${issues.length} issue${issues.length === 1 ? "" : "s"}`);
  for (const issue of issues) console.error(`  ${issue.path || "(file)"}: ${issue.message}`);
}

async function readJson(
  path: string,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  try {
    return { ok: true, value: JSON.parse(await readFile(path, "utf8")) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

async function main(args: string[]): Promise<number> {
  const files = args.filter((a) => a !== "--");
  if (files.length === 0) {
    console.error("usage: npm run import -- property.json [more.json …]   (format: docs/property-format.md)");
    return 2;
  }
  // npm runs the script in apps/server; paths are meant relative to where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const paths = files.map((f) => (isAbsolute(f) ? f : resolve(cwd, f)));

  const documents: unknown[] = [];
  let bad = false;
  for (const [i, path] of paths.entries()) {
    const read = await readJson(path);
    if (!read.ok) {
      printIssues(files[i]!, [{ path: "", message: `cannot read a JSON file: ${read.message}` }]);
      bad = true;
      continue;
    }
    const parsed = parsePropertyFile(read.value);
    if (!parsed.ok) {
      printIssues(files[i]!, parsed.issues);
      bad = true;
    }
    documents.push(read.value);
  }
  if (bad) return 1;

  return withDatabase(async (database) => {
    for (const [i, document] of documents.entries()) {
      const started = performance.now();
      const result = await importProperty(database, document);
      if (!result.ok) {
        printIssues(files[i]!, result.issues);
        return 1;
      }
      const counts = Object.entries(result.rows)
        .map(([table, n]) => `${table} ${n}`)
        .join(", ");
      const ms = Math.round(performance.now() - started);
      console.log(`${files[i]}: hotel ${result.hotelId} imported in ${ms} ms (${counts})`);
    }
    return 0;
  });
}

runCommand(main);
