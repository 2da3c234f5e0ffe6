import type { MailSettingsRequest } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { mailSettings } from '../db/schema.js';
import { conflict } from '../http/http-error.js';
import { findMailSettings } from '../queries/mail.js';
import { bumpRow, runWrite, type Writes } from '../writes/pipeline.js';

/**
 * The caller's own mail settings. A user without a row has version 1 with the defaults, so the
 * first save names version 1 like every later one names the version it read; a stale one is 409.
 */
export const updateMailSettings = (writes: Writes, principal: AuthUser, request: MailSettingsRequest) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const current = await findMailSettings(tx, principal.id, { forUpdate: true });
    if ((current?.version ?? 1) !== request.version) throw conflict();
    const disabledKinds = [...new Set(request.disabledKinds)].sort();
    const before = { language: current?.language ?? 'en', disabledKinds: current?.disabledKinds ?? [] };
    const after = { language: request.language, disabledKinds };
    const [row] = current
      ? [await bumpRow(tx, mailSettings, eq(mailSettings.userId, principal.id), current.version, after)]
      : // Two first saves at once: the second insert conflicts on the key and answers 409 like a stale version.
        await tx
          .insert(mailSettings)
          .values({ userId: principal.id, ...after, version: 2 })
          .onConflictDoNothing()
          .returning();
    if (!row) throw conflict();
    return {
      value: row,
      events: [{ objectType: 'user', objectId: principal.id, action: 'user.mailSettings.updated', before, after }],
    };
  });
