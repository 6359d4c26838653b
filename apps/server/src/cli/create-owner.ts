// `npm run admin:create-owner -- --email owner@example.com --group 1 [--name "Anna Rossi"]`: creates a group's first
// owner without a password in DATABASE_URL, or the embedded database in DATA_DIR, and prints a single-use set-up
// link (PUBLIC_URL/admin/setup/<token>, valid 24 h) where the owner chooses a password (ADR 0025).
import { parseArgs } from "node:util";
import { createOwner } from "../features/backoffice";
import { publicUrlOf } from "../server";
import { runCommand, withDatabase } from "./run";

const USAGE =
  'usage: npm run admin:create-owner -- --email owner@example.com --group 1 [--name "Anna Rossi"]';

async function main(args: string[]): Promise<number> {
  let values: { email?: string; group?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: args.filter((a) => a !== "--"),
      options: { email: { type: "string" }, group: { type: "string" }, name: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    return 2;
  }
  const { email, name } = values;
  const groupId = Number(values.group);
  if (!email || !Number.isInteger(groupId) || groupId < 1) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (database, env) => {
    const result = await createOwner(database, { email, groupId, name });
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    const base = publicUrlOf(env).replace(/\/+$/, "");
    console.log(
      `${result.created ? "Owner created" : "Owner exists without a password: new link"} (user ${result.userId}).`,
    );
    console.log(`Set-up link, single use, valid until ${result.expiresAt.toISOString()}:`);
    console.log(`${base}/admin/setup/${result.token}`);
    return 0;
  });
}

runCommand(main);
