import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '@nubes/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadScreenMessages } from '../../i18n/i18n';
import { auditActionLabel, objectTypeLabel } from './auditEventColumns';

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

describe('audit event labels', () => {
  it.each(['en', 'de'] as const)('name every action and every kind of object in words (%s)', async (language) => {
    await changeLanguage(language);
    const { t } = initI18n(language);
    expect(AUDIT_ACTIONS.filter((action) => auditActionLabel(t, action) === action)).toEqual([]);
    expect(AUDIT_OBJECT_TYPES.filter((type) => objectTypeLabel(t, type) === type)).toEqual([]);
  });
});
