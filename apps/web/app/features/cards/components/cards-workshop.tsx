import '~/locales/app-cards';
import { paths } from '@kadr/contract';
import { Link } from 'react-router';
import { isNotFound } from '~/features/generations/hooks';
import { useTranslation } from '~/lib/use-translation';
import { useCardSet } from '../hooks';
import { SetWorkshop } from './set-workshop';
import { StartScreen } from './start-screen';

/** The card workshop (ADR 039): a set open from `?set=<id>`, or the start with the person's sets. */
export function CardsWorkshop({ setId }: { setId: string | null }) {
  return setId ? <OpenSet id={setId} /> : <StartScreen />;
}

function OpenSet({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const set = useCardSet(id);
  if (set.data) return <SetWorkshop key={set.data.id} set={set.data} />;
  if (set.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-2xl border border-line p-6">
        <p className="text-fg">
          {isNotFound(set.error) ? t('cards.open.notFound') : t('cards.open.failed')}
        </p>
        <Link to={paths.cards} className="text-sm text-accent-soft underline underline-offset-2">
          {t('cards.allSets')}
        </Link>
      </div>
    );
  }
  return (
    <p className="text-sm text-fg-muted" aria-live="polite">
      {t('cards.open.loading')}
    </p>
  );
}
