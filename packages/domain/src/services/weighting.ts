import type { LocalizedText } from './field-types.js';
import type { FieldMessages } from '../i18n/types.js';

export interface WeightingOption {
  key: string;
  label: LocalizedText;
  points: number;
}

export interface WeightingCriterion {
  key: string;
  label: LocalizedText;
  /** Multiplies the points of the chosen answer. */
  factor: number;
  options: readonly WeightingOption[];
}

/** The service's answers: criterion key → option key. */
export type WeightingAnswers = Record<string, string>;

const t = (en: string, de: string): LocalizedText => ({ en, de });
const opt = (key: string, points: number, en: string, de: string): WeightingOption => ({
  key,
  points,
  label: t(en, de),
});
const criterion = (
  key: string,
  factor: number,
  label: LocalizedText,
  options: readonly WeightingOption[],
): WeightingCriterion => ({ key, label, factor, options });

/**
 * The ten weighting criteria with the answer options, points and factors the database is
 * seeded with: they are data, editable later in the admin panel (docs/domain.md#service-information).
 */
export const DEFAULT_WEIGHTING_CRITERIA: readonly WeightingCriterion[] = [
  criterion('initiatedBy', 2, t('Initiated by', 'Initiiert durch'), [
    opt('alliance', 3, 'The alliance (several centres)', 'Die Allianz (mehrere Zentren)'),
    opt('centre', 2, 'One centre', 'Ein Zentrum'),
    opt('working_group', 1, 'A working group', 'Eine Arbeitsgruppe'),
  ]),
  criterion('expectedCentres', 3, t('Expected number of using centres', 'Erwartete Zahl nutzender Zentren'), [
    opt('many', 3, 'More than five', 'Mehr als fünf'),
    opt('some', 2, 'Two to five', 'Zwei bis fünf'),
    opt('one', 1, 'One', 'Eines'),
  ]),
  criterion('expectedUsers', 3, t('Expected users', 'Erwartete Nutzende'), [
    opt('over_1000', 3, 'More than 1,000', 'Mehr als 1.000'),
    opt('100_1000', 2, '100 to 1,000', '100 bis 1.000'),
    opt('under_100', 1, 'Fewer than 100', 'Weniger als 100'),
  ]),
  criterion('externalAvailability', 2, t('Availability for external users', 'Verfügbarkeit für externe Nutzende'), [
    opt('open', 2, 'Open to all members of the alliance', 'Offen für alle Mitglieder der Allianz'),
    opt('on_request', 1, 'On request', 'Auf Anfrage'),
    opt('internal', 0, 'Internal only', 'Nur intern'),
  ]),
  criterion('serviceEnablement', 1, t('Service enablement', 'Befähigung zur Nutzung'), [
    opt('self_service', 3, 'Self-service', 'Selbstbedienung'),
    opt('guided', 2, 'Guided onboarding', 'Begleitetes Onboarding'),
    opt('manual', 1, 'Manual set-up by the provider', 'Manuelle Einrichtung durch den Anbieter'),
  ]),
  criterion(
    'scientificSupport',
    3,
    t('Support in the scientific process', 'Unterstützung im wissenschaftlichen Prozess'),
    [
      opt('core', 3, 'Core of the research workflow', 'Kern des Forschungsablaufs'),
      opt('supporting', 2, 'Supporting', 'Unterstützend'),
      opt('indirect', 1, 'Indirect', 'Indirekt'),
    ],
  ),
  criterion('fairStatement', 2, t('FAIR statement', 'FAIR-Erklärung'), [
    opt(
      'full',
      2,
      'Findable, accessible, interoperable and reusable',
      'Auffindbar, zugänglich, interoperabel und nachnutzbar',
    ),
    opt('partial', 1, 'Partly', 'Teilweise'),
    opt('none', 0, 'Not addressed', 'Nicht betrachtet'),
  ]),
  criterion('dataFormat', 1, t('Data format', 'Datenformat'), [
    opt('open_standard', 2, 'Open standard formats', 'Offene Standardformate'),
    opt('documented', 1, 'Documented proprietary formats', 'Dokumentierte proprietäre Formate'),
    opt('closed', 0, 'Closed formats', 'Geschlossene Formate'),
  ]),
  criterion('openSource', 2, t('Open source', 'Open Source'), [
    opt('yes', 2, 'Open source', 'Open Source'),
    opt('partly', 1, 'Partly open source', 'Teilweise Open Source'),
    opt('no', 0, 'Closed source', 'Closed Source'),
  ]),
  criterion('plannedProvisionTime', 1, t('Planned provision time', 'Geplante Bereitstellungszeit'), [
    opt('under_3_months', 3, 'Less than three months', 'Weniger als drei Monate'),
    opt('3_6_months', 2, 'Three to six months', 'Drei bis sechs Monate'),
    opt('over_6_months', 1, 'More than six months', 'Mehr als sechs Monate'),
  ]),
];

export interface WeightedAnswer {
  criterion: WeightingCriterion;
  option: WeightingOption | null;
  /** points × factor; 0 without an answer. */
  weightedScore: number;
}

/** Weighted score per criterion = points × factor; the service's score is their sum. */
export const weighAnswers = (
  criteria: readonly WeightingCriterion[],
  answers: Readonly<WeightingAnswers>,
): { rows: WeightedAnswer[]; score: number } => {
  const rows = criteria.map((criterion) => {
    const option = criterion.options.find((candidate) => candidate.key === answers[criterion.key]) ?? null;
    return { criterion, option, weightedScore: option ? option.points * criterion.factor : 0 };
  });
  return { rows, score: rows.reduce((sum, row) => sum + row.weightedScore, 0) };
};

/** Answers naming an unknown criterion or option, as field → i18n key. */
export const weightingErrors = (
  criteria: readonly WeightingCriterion[],
  answers: Readonly<Record<string, unknown>>,
): FieldMessages => {
  const errors: FieldMessages = {};
  for (const [key, value] of Object.entries(answers)) {
    const criterion = criteria.find((c) => c.key === key);
    if (!criterion) errors[key] = 'validation.unknownField';
    else if (value !== null && !criterion.options.some((option) => option.key === value))
      errors[key] = 'validation.option';
  }
  return errors;
};
