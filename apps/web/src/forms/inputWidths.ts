import type { FieldDefinition } from '@nubes/domain';

/** Numbers and dates hold a few characters; their help text still takes the whole line. */
export const NARROW_INPUT = { wrapper: { maxWidth: '14rem' } };

/**
 * How wide an input may grow, by what it holds: a number or a date needs a few characters, an
 * address a line, a description a paragraph. Full width made short inputs look like long ones.
 */
export const inputMaxWidth = (field: FieldDefinition): string | undefined => {
  switch (field.type) {
    case 'number':
    case 'date':
      // Narrow inputs: the width goes to the input alone (NARROW_INPUT), so the help text keeps the line.
      return undefined;
    case 'url':
    case 'email':
    case 'hostname':
    case 'contact':
    case 'institution':
      return '32rem';
    case 'text':
      return (field.maxLength ?? 300) <= 100 ? '28rem' : '40rem';
    case 'select':
      return '28rem';
    case 'multiSelect':
    case 'keywords':
      return '40rem';
    case 'longText':
      return '48rem';
    case 'boolean':
      return undefined;
  }
};
