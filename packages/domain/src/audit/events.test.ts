import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  assertAuditEvent,
  isAuditAction,
  parseAuditEvent,
  type AuditEvent,
  type AuditEventOf,
} from './events.js';

describe('the audit event union', () => {
  it('types the payload by action', () => {
    expectTypeOf<AuditEvent<'service.transition'>>().toMatchTypeOf<{
      objectType: 'service';
      before: { state: string };
      after: { state: string };
    }>();
    const transition = { action: 'service.transition', objectType: 'service', objectId: 'x' } as const;
    // @ts-expect-error a transition names the states it moved between
    const missing: AuditEvent<'service.transition'> = transition;
    expect(missing).toBeDefined();
    const keyword = { action: 'keyword.created', objectType: 'keyword', objectId: 'k', after: { name: 'x' } } as const;
    // @ts-expect-error a keyword event is no service event
    const wrongKind: AuditEventOf<'service'> = keyword;
    expect(wrongKind).toBeDefined();
  });

  it('accepts what the code writes and refuses unknown actions, wrong objects and wrong payloads', () => {
    expect(() =>
      assertAuditEvent({
        action: 'service.transition',
        objectType: 'service',
        before: { state: 'application_draft' },
        after: { state: 'application_received' },
      }),
    ).not.toThrow();
    expect(() => assertAuditEvent({ action: 'service.renamed', objectType: 'service' })).toThrow(/unknown action/);
    expect(() => assertAuditEvent({ action: 'keyword.created', objectType: 'service', after: { name: 'x' } })).toThrow(
      /about a keyword/,
    );
    expect(() =>
      assertAuditEvent({
        action: 'service.transition',
        objectType: 'service',
        before: { state: 'nowhere' },
        after: {},
      }),
    ).toThrow(/does not fit/);
  });

  it('reads stored rows back, with null for absent sides and null for rows it cannot read', () => {
    expect(
      parseAuditEvent({
        action: 'service.comment.added',
        objectType: 'service',
        before: null,
        after: { comment: 'Hi' },
      }),
    ).toEqual({ action: 'service.comment.added', objectType: 'service', before: null, after: { comment: 'Hi' } });
    expect(parseAuditEvent({ action: 'login.sso', objectType: 'user', before: null, after: null })).toMatchObject({
      action: 'login.sso',
    });
    expect(
      parseAuditEvent({ action: 'service.archived', objectType: 'service', before: null, after: null }),
    ).toBeNull();
    expect(isAuditAction('service.created')).toBe(true);
    expect(AUDIT_ACTIONS).toContain('service.documents.activated');
  });
});
