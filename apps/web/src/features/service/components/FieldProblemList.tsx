import { Anchor } from '@mantine/core';
import { FIELDS_BY_KEY, isRetirementPlanKey } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { messageKeyOr } from '../../../i18n/messageKey';
import { groupOfKey, NAME_KEY } from '../formModel';
import { localized } from '../../../i18n/localized';
import { messageText } from '../useServiceDraft';

export interface FieldProblemListProps {
  errors: Record<string, string>;
  /** `keys`: the domain validation's message keys; `texts`: the server's words, already translated. */
  source: 'keys' | 'texts';
  /** Takes the person to a field: its page first, then the focus. */
  onShowField: (key: string) => void;
}

/**
 * The fields a check or a refused step names, each "label: message" as a link to its field (a
 * plain line for a key no service information page holds). A link wraps inside the screen: on a
 * phone a German label and message do not fit one line, and a button's label would not wrap.
 */
export const FieldProblemList = ({ errors, source, onShowField }: FieldProblemListProps) => {
  const { t, i18n } = useTranslation();
  const label = (key: string) => {
    if (key === NAME_KEY) return t('serviceView.name');
    if (isRetirementPlanKey(key)) return t(`retirementPlan.fields.${key}`);
    const field = FIELDS_BY_KEY.get(key);
    return field ? localized(field.label, i18n.resolvedLanguage) : key;
  };
  return (
    <ul className="inline-list" style={{ marginTop: '0.5rem', overflowWrap: 'anywhere' }}>
      {Object.entries(errors).map(([key, message]) => {
        const text = `${label(key)}: ${
          messageText(
            t,
            source === 'keys' ? { key: messageKeyOr(message, 'validation.invalid') } : { text: message },
          ) ?? ''
        }`;
        return (
          <li key={key}>
            {groupOfKey(key) || isRetirementPlanKey(key) ? (
              // In the alert's own colour, which keeps its contrast on the alert's tint.
              // A block, so the bullet stands at its first line: an inline button's baseline is its last.
              <Anchor
                component="button"
                type="button"
                size="sm"
                display="block"
                ta="start"
                c="inherit"
                underline="always"
                onClick={() => onShowField(key)}
              >
                {text}
              </Anchor>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
};
