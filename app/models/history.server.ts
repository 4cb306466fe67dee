// History of staff work: revisions (the state each save replaced, restorable) and the audit log (who
// did what to which row, when). Writes take the transaction of the save they belong to, so a save,
// its revision and its audit entry land together or not at all.
import { and, desc, eq } from "drizzle-orm";
// Read on the primary, never a replica: staff see the revision and audit rows their save just wrote.
import { primary as db } from "~/db/client.server";
import { auditLog, revisions, type RevisionEntity } from "~/db/schema";

export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

export type AuditEntry = {
  staffId: number | null;
  /** create, update, delete, restore, import, sign-in, sign-in-failed, sign-out, ... */
  action: string;
  /** The table, or "session" for sign-ins. */
  entity: string;
  entityId: number | string | null;
  summary: string;
};

export async function recordAudit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action.slice(0, 32),
    entity: entry.entity.slice(0, 64),
    entityId: entry.entityId === null ? null : String(entry.entityId).slice(0, 64),
    summary: entry.summary.slice(0, 500),
  });
}

/** Keeps a row's state at `version` before a save replaces it. Keeping the same version twice is a no-op. */
export async function keepRevision(
  tx: Tx,
  rev: { entity: RevisionEntity; entityId: number; version: number; snapshot: unknown; staffId: number | null },
) {
  await tx
    .insert(revisions)
    .values(rev)
    .onDuplicateKeyUpdate({ set: { entityId: rev.entityId } });
}

/** A row's kept states, newest first (without the snapshots). */
export async function listRevisions({ entity, entityId }: { entity: RevisionEntity; entityId: number }) {
  return db
    .select({ id: revisions.id, version: revisions.version, staffId: revisions.staffId, createdAt: revisions.createdAt })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.version));
}

/** The newest audit entries (the admin dashboard's "latest changes"). */
export async function listAudit({ limit }: { limit: number }) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
