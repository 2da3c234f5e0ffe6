import { z } from 'zod';
import { msg } from '../i18n/core.js';
import type { FieldMessages, MessageKey } from '../i18n/types.js';
import { text } from '../schemas/text.js';
import { isIsoDate } from './validation.js';
import { SERVICE_STATES } from './states.js';

/**
 * A service's retirement plan while it is offboarding (docs/adr/0122-retirement-plan.md): why it
 * ends, when, how and when its users are told, what happens to their data, and the service that
 * takes over, if any. One plan per service, versioned; retiring needs it complete.
 */
export const RETIREMENT_PLAN_KEYS = [
  'reason',
  'plannedEndOn',
  'usersToldOn',
  'usersToldHow',
  'dataExportUntil',
  'dataDeletionOn',
  'successorId',
] as const;
export type RetirementPlanKey = (typeof RETIREMENT_PLAN_KEYS)[number];

export const isRetirementPlanKey = (key: string): key is RetirementPlanKey =>
  (RETIREMENT_PLAN_KEYS as readonly string[]).includes(key);

/** What a complete plan needs: every item but the successor (a service may end without one). */
export const REQUIRED_RETIREMENT_PLAN_KEYS: readonly RetirementPlanKey[] = RETIREMENT_PLAN_KEYS.filter(
  (key) => key !== 'successorId',
);

export const RETIREMENT_TEXT_MAX = 2000;

/** A plan's values: null where nothing is filled in yet. Days are YYYY-MM-DD. */
export interface RetirementPlanValues {
  reason: string | null;
  plannedEndOn: string | null;
  usersToldOn: string | null;
  usersToldHow: string | null;
  dataExportUntil: string | null;
  dataDeletionOn: string | null;
  successorId: string | null;
}

export const EMPTY_RETIREMENT_PLAN: RetirementPlanValues = {
  reason: null,
  plannedEndOn: null,
  usersToldOn: null,
  usersToldHow: null,
  dataExportUntil: null,
  dataDeletionOn: null,
  successorId: null,
};

/**
 * The order of the plan's days, each rule on the day a person would change: users are told before
 * the end; the export is offered from the day they are told and ends no later than the deletion;
 * nothing is deleted before the end. A rule holds when either of its days is still empty.
 */
const ORDER_RULES: readonly {
  key: RetirementPlanKey;
  broken: (plan: RetirementPlanValues) => boolean;
  message: MessageKey;
}[] = [
  {
    key: 'usersToldOn',
    broken: (p) => !!p.usersToldOn && !!p.plannedEndOn && p.usersToldOn >= p.plannedEndOn,
    message: 'retirementPlan.rules.toldBeforeEnd',
  },
  {
    key: 'dataExportUntil',
    broken: (p) => !!p.dataExportUntil && !!p.usersToldOn && p.dataExportUntil < p.usersToldOn,
    message: 'retirementPlan.rules.exportAfterTold',
  },
  {
    key: 'dataExportUntil',
    broken: (p) => !!p.dataExportUntil && !!p.dataDeletionOn && p.dataExportUntil > p.dataDeletionOn,
    message: 'retirementPlan.rules.exportBeforeDeletion',
  },
  {
    key: 'dataDeletionOn',
    broken: (p) => !!p.dataDeletionOn && !!p.plannedEndOn && p.dataDeletionOn < p.plannedEndOn,
    message: 'retirementPlan.rules.deletionAfterEnd',
  },
];

/** The plan's days out of order, by the item to change: empty when they are consistent. */
export const retirementPlanOrderProblems = (plan: RetirementPlanValues): FieldMessages => {
  const problems: FieldMessages = {};
  for (const rule of ORDER_RULES) if (!problems[rule.key] && rule.broken(plan)) problems[rule.key] = rule.message;
  return problems;
};

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * What stands between the plan and retiring the service: every required item that is empty, and
 * the days out of order. No plan at all misses everything. Empty: the plan is complete.
 */
export const retirementPlanProblems = (plan: RetirementPlanValues | null): FieldMessages => {
  const values = plan ?? EMPTY_RETIREMENT_PLAN;
  const problems: FieldMessages = {};
  for (const key of REQUIRED_RETIREMENT_PLAN_KEYS) if (isBlank(values[key])) problems[key] = 'validation.required';
  return { ...retirementPlanOrderProblems(values), ...problems };
};

const planText = text()
  .trim()
  .max(RETIREMENT_TEXT_MAX, msg('validation.tooLong'))
  .nullable()
  // A cleared text field is no text.
  .transform((value) => (value === null || value === '' ? null : value));
const planDay = z
  .string({ error: msg('validation.date') })
  .refine((value) => value === '' || isIsoDate(value), msg('validation.date'))
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value));

/**
 * The plan as the form and the API take it: any item may still be empty (the plan grows while the
 * service is offboarding), but what is filled in is well-formed and its days are in order.
 * `version` is the plan's as last read, 0 before it was first saved.
 */
export const retirementPlanRequestSchema = z
  .object({
    reason: planText,
    plannedEndOn: planDay,
    usersToldOn: planDay,
    usersToldHow: planText,
    dataExportUntil: planDay,
    dataDeletionOn: planDay,
    successorId: z.uuid({ error: msg('validation.invalid') }).nullable(),
    version: z.int({ error: msg('validation.invalidType') }).min(0, msg('validation.invalid')),
  })
  .strict()
  .superRefine((plan, context) => {
    for (const [key, message] of Object.entries(retirementPlanOrderProblems(plan)))
      context.addIssue({ code: 'custom', path: [key], message });
  })
  .meta({ id: 'RetirementPlanRequest' });
export type RetirementPlanRequest = z.input<typeof retirementPlanRequestSchema>;

/** The successor as the plan names it: a service of the portfolio. */
export const retirementSuccessorSchema = z
  .object({ id: z.string(), serviceId: z.string(), name: z.string(), state: z.enum(SERVICE_STATES) })
  .meta({ id: 'RetirementSuccessor' });
export type RetirementSuccessor = z.infer<typeof retirementSuccessorSchema>;

/**
 * A service's retirement plan as the API answers it: its values (null where empty), the successor
 * by name, whether the caller may edit it now, and what retiring still needs (message keys by item).
 */
export const retirementPlanSchema = z
  .object({
    reason: z.string().nullable(),
    plannedEndOn: z.string().nullable(),
    usersToldOn: z.string().nullable(),
    usersToldHow: z.string().nullable(),
    dataExportUntil: z.string().nullable(),
    dataDeletionOn: z.string().nullable(),
    successorId: z.string().nullable(),
    successor: retirementSuccessorSchema.nullable(),
    version: z.int(),
    editable: z.boolean(),
    problems: z.record(z.string(), z.string()),
  })
  .meta({ id: 'RetirementPlan' });
export type RetirementPlan = z.infer<typeof retirementPlanSchema>;

/** What a service's public page says while it is offboarding: the planned end and the successor, if public. */
export const publicRetirementSchema = z
  .object({
    plannedEndOn: z.string().nullable(),
    successor: z.object({ serviceId: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'PublicRetirement' });
export type PublicRetirement = z.infer<typeof publicRetirementSchema>;
