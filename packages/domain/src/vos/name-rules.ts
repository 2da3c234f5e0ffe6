import { reservedPrefixOf } from '../admin/vo-name-prefixes.js';
import type { MessageKey } from '../i18n/types.js';
import type { ParamMessage } from '../resource-packages/policy-errors.js';

/** A VO name becomes part of the AAI's group entitlement, so it keeps to characters every URN takes as they are. */
export const VO_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const VO_NAME_MAX_LENGTH = 64;

/**
 * A prefix no new VO name may start with: one the portal manager reserved in the admin panel
 * (`configured`), or the abbreviation of an institution flagged as a centre (`centre`, with its name).
 */
export interface ReservedVoNamePrefix {
  prefix: string;
  kind: 'configured' | 'centre';
  /** The centre's name, for the message. */
  centre?: string;
}

export const VO_NAME_MESSAGES = {
  required: 'vos.validation.nameRequired',
  tooLong: 'vos.validation.nameTooLong',
  characters: 'vos.validation.nameCharacters',
  configuredPrefix: 'vos.validation.nameReservedPrefix',
  centrePrefix: 'vos.validation.nameCentrePrefix',
  taken: 'vos.validation.nameTaken',
} as const satisfies Record<string, MessageKey>;

/** Which rule a name breaks: each has its own message. */
export type VoNameRule = keyof typeof VO_NAME_MESSAGES;
export const VO_NAME_RULES = Object.keys(VO_NAME_MESSAGES) as [VoNameRule, ...VoNameRule[]];

export interface VoNameProblem extends ParamMessage {
  rule: VoNameRule;
}

const problem = (rule: VoNameRule, params: Record<string, string | number> = {}): VoNameProblem => ({
  rule,
  key: VO_NAME_MESSAGES[rule],
  params,
});

/** The rules a name can be checked by without the database: required, length, characters. */
export const voNameFormatProblem = (name: string): VoNameProblem | null => {
  const trimmed = name.trim();
  if (trimmed === '') return problem('required');
  if (trimmed.length > VO_NAME_MAX_LENGTH) return problem('tooLong', { max: VO_NAME_MAX_LENGTH });
  if (!VO_NAME_PATTERN.test(trimmed)) return problem('characters');
  return null;
};

/**
 * The first rule a VO name breaks, or null: the format rules, then the reserved prefixes compared
 * case-insensitively (the message names the prefix and whether it is reserved or a centre's
 * abbreviation). Uniqueness needs the database: the server adds it (unique index on lower(name)).
 */
export const voNameProblem = (name: string, reserved: readonly ReservedVoNamePrefix[]): VoNameProblem | null => {
  const format = voNameFormatProblem(name);
  if (format) return format;
  const prefix = reservedPrefixOf(
    name,
    reserved.map((entry) => entry.prefix),
  );
  if (prefix === undefined) return null;
  const entry = reserved.find((candidate) => candidate.prefix === prefix)!;
  return entry.kind === 'centre'
    ? problem('centrePrefix', { prefix: entry.prefix, centre: entry.centre ?? entry.prefix })
    : problem('configuredPrefix', { prefix: entry.prefix });
};

/** The message of a name someone else's VO has already, in any case. */
export const voNameTakenProblem = (): VoNameProblem => problem('taken');
