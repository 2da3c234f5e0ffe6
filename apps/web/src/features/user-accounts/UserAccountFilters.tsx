import { ROLES } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import { useInstitutionOptions } from '../../components/list-screen/useInstitutionOptions';
import type { UserAccountsView } from './userAccountsView';

/** Search, role and institution of the user account list. */
export const UserAccountFilters = ({ url }: { url: UrlView<UserAccountsView> }) => {
  const { t } = useTranslation();
  const institutions = useInstitutionOptions(
    url.view.institution,
    t('userAccounts.filters.allInstitutions'),
    'contact',
  );
  return (
    <ListFilters
      url={url}
      search={{ label: t('userAccounts.filters.search'), description: t('userAccounts.filters.searchDescription') }}
      filters={[
        {
          name: 'role',
          label: t('userAccounts.filters.role'),
          all: t('userAccounts.filters.allRoles'),
          data: ROLES.map((role) => ({ value: role, label: t(`userAccounts.roles.${role}`) })),
          width: 240,
        },
        { name: 'institution', label: t('userAccounts.filters.institution'), data: institutions, width: 280 },
      ]}
    />
  );
};
