import '~/locales/app';
import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import {
  Clapperboard,
  Columns2,
  CreditCard,
  ExternalLink,
  History,
  Layers,
  LayoutTemplate,
  LifeBuoy,
  type LucideIcon,
  Shapes,
  User,
  Wand,
  WandSparkles,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { supportUrl } from '~/lib/env';
import { useTranslation } from '~/lib/use-translation';

type Entry = {
  id:
    | 'create'
    | 'tools'
    | 'cards'
    | 'compare'
    | 'batch'
    | 'montage'
    | 'history'
    | 'elements'
    | 'pricing'
    | 'profile';
  to: string;
  icon: LucideIcon;
};

const entries: Entry[] = [
  { id: 'create', to: paths.studio, icon: Wand },
  { id: 'tools', to: paths.tools, icon: WandSparkles },
  { id: 'cards', to: paths.cards, icon: LayoutTemplate },
  { id: 'compare', to: paths.compare, icon: Columns2 },
  { id: 'batch', to: paths.batch, icon: Layers },
  { id: 'montage', to: paths.montage, icon: Clapperboard },
  { id: 'history', to: paths.history, icon: History },
  { id: 'elements', to: paths.elements, icon: Shapes },
  { id: 'pricing', to: paths.pricing, icon: CreditCard },
  { id: 'profile', to: paths.profile, icon: User },
];

const itemClass =
  'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors [&_svg]:size-5 [&_svg]:shrink-0';

/** The sidebar's entries; the current one is highlighted and marked aria-current="page". */
export function SidebarNav() {
  const { t } = useTranslation('app');
  return (
    <nav aria-label={t('shell.navLabel')}>
      <ul className="space-y-1">
        {entries.map(({ id, to, icon: Icon }) => (
          <li key={id}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  itemClass,
                  isActive
                    ? 'bg-accent/15 text-fg [&_svg]:text-accent-soft'
                    : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
                )
              }
            >
              <Icon aria-hidden="true" />
              {t(`nav.${id}`)}
            </NavLink>
          </li>
        ))}
        <li>
          <a
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx(itemClass, 'text-fg-muted hover:bg-surface-raised hover:text-fg')}
          >
            <LifeBuoy aria-hidden="true" />
            {t('nav.support')}
            <ExternalLink aria-hidden="true" className="ml-auto !size-4 opacity-60" />
            <span className="sr-only">{t('nav.newTab')}</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
