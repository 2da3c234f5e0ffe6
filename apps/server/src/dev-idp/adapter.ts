import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { devIdpPayloads } from '../db/schema.js';

/**
 * oidc-provider's storage in the portal's database, so a login started on one instance can be
 * finished on another (the default adapter keeps everything in one process's memory).
 */
export const createPostgresAdapter = (db: Db): new (model: string) => Adapter =>
  class PostgresAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        consumedAt: null,
      };
      await db
        .insert(devIdpPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [devIdpPayloads.model, devIdpPayloads.id], set: row });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(devIdpPayloads)
        .where(
          and(
            eq(devIdpPayloads.model, this.model),
            condition,
            sql`(${devIdpPayloads.expiresAt} is null or ${devIdpPayloads.expiresAt} > now())`,
          ),
        );
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere(eq(devIdpPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(devIdpPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(devIdpPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(devIdpPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(devIdpPayloads.model, this.model), eq(devIdpPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(devIdpPayloads).where(and(eq(devIdpPayloads.model, this.model), eq(devIdpPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(devIdpPayloads).where(eq(devIdpPayloads.grantId, grantId));
    }
  };
