import { CONTACT_PROPERTY_KINDS } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import { useInstitutionOptions } from '../../components/list-screen/useInstitutionOptions';
import type { ContactsView } from './contactsView';

/** Search, institution and property kind of the contact list. */
export const ContactFilters = ({ url }: { url: UrlView<ContactsView> }) => {
  const { t } = useTranslation();
  const institutions = useInstitutionOptions(url.view.institution, t('contacts.allInstitutions'), 'contact');
  return (
    <ListFilters
      url={url}
      search={{ label: t('contacts.search'), description: t('contacts.searchPlaceholder') }}
      filters={[
        { name: 'institution', label: t('contacts.institutionFilter'), data: institutions, width: 280 },
        {
          name: 'propertyKind',
          label: t('contacts.propertyKindFilter'),
          all: t('contacts.allPropertyKinds'),
          data: CONTACT_PROPERTY_KINDS.map((kind) => ({ value: kind, label: t(`contactProperties.${kind}`) })),
          width: 240,
        },
      ]}
    />
  );
};
