import {
  EMPTY_VO_FORM,
  VO_PAGE_FIELDS,
  VO_PAGE_SCHEMAS,
  VO_PAGES,
  voPageOf,
  type VoDetails,
  type VoFormInput,
  type VoPage,
} from '@nubes/domain';
import { focusById } from '../../../forms/focusFirstError';

/** The form's fields in the order the pages show them: the first failing one gets the focus. */
export const VO_FIELD_ORDER: readonly string[] = VO_PAGES.flatMap((page) => VO_PAGE_FIELDS[page]);

export const voFieldId = (field: string): string => `vo-${field}`;

export const focusVoField = (field: string): void => focusById(voFieldId(field));

export const isVoPage = (value: unknown): value is VoPage =>
  typeof value === 'string' && (VO_PAGES as readonly string[]).includes(value);

/** The page of the first failing field, by the form's order. */
export const pageOfFirst = (fields: readonly string[]): { field: string; page: VoPage } | null => {
  const field = VO_FIELD_ORDER.find((key) => fields.includes(key)) ?? fields[0];
  const page = field === undefined ? undefined : voPageOf(field);
  return field !== undefined && page ? { field, page } : null;
};

/** What the form holds of a VO; a new application starts empty. */
export const formValuesOf = (vo: VoDetails | null): VoFormInput =>
  vo
    ? {
        termsConfirmed: vo.termsConfirmed,
        policiesAccepted: vo.policiesAccepted,
        name: vo.name,
        description: vo.description,
        homeInstitutionId: vo.homeInstitutionId,
        deputyId: vo.deputyId,
        securityContactEmail: vo.securityContactEmail,
        expectedMembers: vo.expectedMembers,
        serviceIds: vo.serviceIds,
        aupAdditions: vo.aupAdditions,
      }
    : { ...EMPTY_VO_FORM };

/**
 * The format problems of one page (i18n keys by field): what keeps a page from being left. A
 * missing name is no format problem: saving asks for it, moving between pages does not.
 */
export const pageProblems = (page: VoPage, values: VoFormInput): Record<string, string> => {
  const fields = VO_PAGE_FIELDS[page] as readonly (keyof VoFormInput)[];
  const onPage = Object.fromEntries(fields.map((field) => [field, values[field]]));
  const result = VO_PAGE_SCHEMAS[page].safeParse(onPage);
  const problems: Record<string, string> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field === 'name' && !values.name.trim()) continue;
    problems[field] ??= issue.message;
  }
  return problems;
};
