// `npm run staff:create -- --username rahim --email rahim@example.com --name "রহিম" --role editor`
// Creates a staff account from the command line (the password is asked for, or --password). Uses
// DATABASE_URL, or the project-local MariaDB that `npm run demo` set up.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

const ROLE_NAMES: Record<string, number> = { super: 1, "super-admin": 1, admin: 1, editor: 2, moderator: 3 };

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "editor" },
    password: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`[staff:create] ${message}`);
  console.error('usage: npm run staff:create -- --username NAME --email ADDRESS --name "Full name" [--role super|editor|moderator] [--password P]');
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) fail("no --password given and no terminal to ask on");
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question("Password (at least 10 characters): ");
  } finally {
    rl.close();
  }
}

const role = ROLE_NAMES[(values.role ?? "").toLowerCase()] ?? Number(values.role);
if (!values.username || !values.email) fail("--username and --email are required");
if (![1, 2, 3].includes(role)) fail(`unknown role "${values.role}"`);
const password = values.password ?? (await askPassword());

let database: { stop: (o?: { quiet?: boolean }) => Promise<void> } = { stop: async () => {} };
if (!process.env.DATABASE_URL) {
  const { resolveDatabase } = await import("../scripts/local-db.mjs");
  const local = await resolveDatabase("grbd");
  database = local;
  process.env.DATABASE_URL = local.url;
}
const { closeDb } = await import("../app/db/client.server");
const { checkNewStaff, createStaff } = await import("../app/models/staff.server");
try {
  const input = { name: values.name?.trim() || values.username, username: values.username, email: values.email.toLowerCase(), role, isSuperAdmin: role === 1, password };
  const errors = await checkNewStaff(input);
  if (errors) {
    for (const [field, message] of Object.entries(errors)) console.error(`  ${field}: ${message}`);
    process.exitCode = 1;
  } else {
    const id = await createStaff(input, null);
    console.log(`[staff:create] created staff #${id} ${input.username} (${input.email}); sign in at /gradmin/login`);
  }
} finally {
  await closeDb();
  await database.stop({ quiet: true });
}
