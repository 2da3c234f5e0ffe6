import type { ValidationStep } from './workflow.js';

/** The field groups, in the order the service information pages show them. */
export const FIELD_GROUPS = [
  'general',
  'how_access',
  'limitations',
  'availability_backups',
  'sidebar_information',
  'background',
  'service_integration',
  'compliance_security',
  'communication',
  'responsibilities',
  'service_quality',
  'other',
] as const;

export type FieldGroup = (typeof FIELD_GROUPS)[number];

export const FIELD_TYPES = [
  'text',
  'longText',
  'url',
  'email',
  'hostname',
  'select',
  'multiSelect',
  'number',
  'date',
  'boolean',
  'contact',
  'institution',
  'keywords',
] as const;

type FieldType = (typeof FIELD_TYPES)[number];

/** The steps of a service's life in order; a field required from a step is required at every later one. */
export const VALIDATION_STEPS = [
  'application',
  'serviceInformation',
  'serviceCard',
  'online',
] as const satisfies readonly ValidationStep[];

/** The gated steps that check the service's fields (the retirement step checks its plan instead). */
export type FieldStep = (typeof VALIDATION_STEPS)[number];

export const isFieldStep = (step: ValidationStep): step is FieldStep =>
  (VALIDATION_STEPS as readonly ValidationStep[]).includes(step);

export interface LocalizedText {
  en: string;
  de: string;
}

export interface FieldOption {
  value: string;
  label: LocalizedText;
}

export interface FieldDefinition {
  key: string;
  group: FieldGroup;
  type: FieldType;
  label: LocalizedText;
  help: LocalizedText;
  /** From which step the field must be filled; null: optional throughout. */
  requiredFrom: FieldStep | null;
  /** Asked already in the application form (every field required from 'application' is). */
  inApplication?: boolean;
  /** For select and multiSelect. */
  options?: readonly FieldOption[];
  /** For text and longText; defaults 300 and 10,000. */
  maxLength?: number;
  /** For number. */
  min?: number;
  max?: number;
  /** Shown on the public service card. */
  public?: boolean;
}

/** What a field holds, by type: contact and institution hold ids; keywords live in their own table. */
export type FieldValue = string | number | boolean | readonly string[] | null;

export type FieldValues = Record<string, FieldValue>;
