// The audit log as staff read it: filtered by who, what kind, which action and when, paged, and
// never past what the reader's scope allows (lib/admin/audit-scope.ts).
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
// Read on the primary: a staff screen shows what was just saved.
import { primary as db } from "~/db/client.server";
import { auditLog, staffUsers } from "~/db/schema";
import type { AuditScope } from "~/lib/admin/audit-scope";

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = { staffId?: number; entity?: string; action?: string; from?: Date; to?: Date; page: number };

function scopeCondition(scope: AuditScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(eq(auditLog.staffId, scope.ownStaffId), scope.entities.length ? inArray(auditLog.entity, scope.entities) : undefined);
}

export async function listAuditEntries(scope: AuditScope, f: AuditFilter, pageSize = AUDIT_PAGE_SIZE) {
  const where: (SQL | undefined)[] = [scopeCondition(scope)];
  if (f.staffId) where.push(eq(auditLog.staffId, f.staffId));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.createdAt, f.from));
  if (f.to) where.push(lt(auditLog.createdAt, f.to));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        summary: auditLog.summary,
        createdAt: auditLog.createdAt,
        staff: staffUsers.name,
      })
      .from(auditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
      .where(cond)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((f.page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return { rows, total: Number(n) };
}

/** The choices of the filters: staff, kinds and actions that appear in what the scope allows. */
export async function auditChoices(scope: AuditScope) {
  const cond = scopeCondition(scope);
  const [staff, entities, actions] = await Promise.all([
    db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).orderBy(staffUsers.name),
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).where(cond).orderBy(auditLog.entity).limit(200),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).where(cond).orderBy(auditLog.action).limit(200),
  ]);
  return { staff, entities: entities.map((e) => e.v), actions: actions.map((a) => a.v) };
}
