import '~/locales/app';
import '~/locales/app-cards';
import { useLocation } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { CardsWorkshop } from '~/features/cards/components/cards-workshop';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/cards';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('cards', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

/**
 * The marketplace card workshop (ADR 039): `?set=<id>` opens a card set, no query starts one
 * from a product photo and lists the person's sets.
 */
export default function CardsPage() {
  const { t } = useTranslation('app');
  const location = useLocation();
  const setId = new URLSearchParams(location.search).get('set');
  return (
    <>
      <PageHeader title={t('cards.title')} description={t('cards.description')} />
      <CardsWorkshop key={setId ?? ''} setId={setId} />
    </>
  );
}
