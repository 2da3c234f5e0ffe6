import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { routeTitleKey } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { principalOf } from '../../../auth/principal';
import { useSession } from '../../../auth/SessionProvider';
import { Link, useSearchParams } from '../../../routing';
import { backLink, FROM_PARAM } from '../../../routing/backLink';

/**
 * The way back to the list the service was opened from, with that list's filters (they live in its
 * URL, carried here by the `from` parameter); without one, the list of services the user may open.
 */
export const ServiceBreadcrumb = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  const { session } = useSession();
  const [params] = useSearchParams();
  const back = backLink(params.get(FROM_PARAM), principalOf(session));
  const titleKey = routeTitleKey(back.route);
  return (
    <nav aria-label={t('serviceHeader.breadcrumb')}>
      <Breadcrumbs separator="›" className="service-breadcrumb">
        <Anchor component={Link} to={back.href}>
          {titleKey ? t(titleKey) : t('serviceHeader.home')}
        </Anchor>
        <Text span aria-current="page" className="service-breadcrumb-current">
          {name}
        </Text>
      </Breadcrumbs>
    </nav>
  );
};
