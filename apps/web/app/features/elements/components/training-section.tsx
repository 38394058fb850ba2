import '~/locales/app-elements-editor';
import { characterTraining } from '@kadr/catalog';
import { type LibraryElement, paths, type Training } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { GraduationCap, LoaderCircle, Wand2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { LinkButton } from '~/components/ui/link-button';
import { characterHref } from '~/features/generations/elements/api';
import { useRefreshBalance } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { currentLanguage } from '~/lib/i18n';
import { useCurrentUser } from '~/lib/session';
import { useTranslation } from '~/lib/use-translation';
import { cancelTraining, startTraining } from '../api';
import { remember } from '../hooks';
import { type TrainingRefusal, trainingRefusalOf } from '../problems';
import {
  elapsedText,
  isTrained,
  isTrainingRunning,
  type TrainBlocker,
  trainBlocker,
  trainingOf,
} from '../training';

/** The current time, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * Training a character once (issue #47, ADR 045): what it does, its pictures against the 10–20 it
 * needs, the price on the button (charged once, given back once if it fails or is stopped), why it
 * cannot be pressed yet; then its progress, read again every few seconds while it runs, a way to
 * stop it, and how it ended — ready, with the way to the studio, or not, with the credits back.
 * Trained again with the same button.
 */
export function TrainingSection({ element }: { element: LibraryElement }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const user = useCurrentUser();
  const id = useId();
  const definition = characterTraining;
  const price = definition.price.tokens;
  const count = element.pictures.length;
  const training = trainingOf(element);
  const running = isTrainingRunning(training);
  const trained = isTrained(element);
  const blocker = trainBlocker(count, user.tokens, definition);
  const [busy, setBusy] = useState<'start' | 'cancel' | null>(null);
  const [stopping, setStopping] = useState(false);
  const [refusal, setRefusal] = useState<TrainingRefusal | null>(null);
  const now = useNow(running);

  // A training that ends while the editor is open: the balance may have its credits back, and the
  // studio's list of characters may have one more.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      setStopping(false);
      refreshBalance();
      void client.invalidateQueries({ queryKey: [...queryKeys.elements.all, 'list'] });
    }
    wasRunning.current = running;
  }, [running, refreshBalance, client]);

  const act = async (kind: 'start' | 'cancel') => {
    if (busy) return;
    setBusy(kind);
    setRefusal(null);
    try {
      const next =
        kind === 'start' ? await startTraining(element.id) : await cancelTraining(element.id);
      remember(client, { ...element, training: next });
      if (kind === 'cancel' && isTrainingRunning(next)) setStopping(true);
      refreshBalance();
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      setRefusal(trainingRefusalOf(failure, t, tCommon, price));
      // One already under way (another tab), or none any more: show where it really is.
      void client.invalidateQueries({ queryKey: queryKeys.elements.one(element.id) });
    } finally {
      setBusy(null);
    }
  };

  const statusText = (() => {
    if (!training) return '';
    if (running && stopping) return t('elementsEditor.training.status.stopping');
    return t(`elementsEditor.training.status.${training.status}`);
  })();
  const ended = training && !running && training.status !== 'succeeded' ? training : null;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={busy ? true : undefined}
      className="rounded-xl border border-line p-4"
      data-training={training?.status ?? 'none'}
    >
      <h3 id={`${id}-heading`} className="text-base font-semibold text-fg">
        {t('elementsEditor.training.title')}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{definition.description[currentLanguage()]}</p>
      <p className="mt-2 text-sm text-fg tabular-nums" data-training-pictures="">
        {t('elementsEditor.training.pictures', {
          count,
          min: definition.pictures.min,
          max: definition.pictures.max,
        })}
      </p>

      {/* Said when it changes (started, ended), not every second: the clock is outside it. */}
      <div role="status" aria-live="polite" data-training-status="">
        {statusText ? <p className="mt-3 text-sm font-medium text-fg">{statusText}</p> : null}
      </div>

      {running && training ? (
        <RunningTraining
          training={training}
          now={now}
          stopping={stopping || busy === 'cancel'}
          onStop={() => void act('cancel')}
        />
      ) : null}

      {ended ? <EndedTraining training={ended} /> : null}

      {trained ? (
        <div className="mt-3 space-y-2" data-training-ready="">
          {training?.status === 'succeeded' ? (
            <p className="text-sm text-fg-muted">
              {t('elementsEditor.training.trainedOn', { count: training.pictures })}
            </p>
          ) : (
            <p className="text-sm text-fg-muted">{t('elementsEditor.training.earlierReady')}</p>
          )}
          <LinkButton to={characterHref(element.id)} size="md">
            <Wand2 aria-hidden="true" />
            {t('elementsEditor.training.generate', { name: element.name })}
          </LinkButton>
        </div>
      ) : null}

      {running ? null : (
        <TrainButton
          price={price}
          blocker={blocker}
          busy={busy === 'start'}
          again={trained}
          describedBy={`${id}-why`}
          onTrain={() => void act('start')}
        />
      )}

      {refusal ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-300" data-training-error="">
            {refusal.message}
          </p>
          {refusal.topUp ? <TopUp /> : null}
        </div>
      ) : null}
    </section>
  );
}

function RunningTraining({
  training,
  now,
  stopping,
  onStop,
}: {
  training: Training;
  now: number;
  stopping: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation('app');
  const { min, max } = characterTraining.typicalMinutes;
  return (
    <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-fg-muted tabular-nums" data-training-elapsed="">
        {t('elementsEditor.training.elapsed', {
          time: elapsedText(now - Date.parse(training.created)),
        })}
        {' · '}
        {t('elementsEditor.training.typical', { count: max, min })}
      </p>
      <Button variant="secondary" disabled={stopping} onClick={onStop}>
        {stopping ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <X aria-hidden="true" />
        )}
        {stopping ? t('elementsEditor.training.stopping') : t('elementsEditor.training.stop')}
      </Button>
    </div>
  );
}

/** A training that failed or was stopped: why, and that its credits came (or are coming) back. */
function EndedTraining({ training }: { training: Training }) {
  const { t } = useTranslation('app');
  return (
    <div className="mt-2 space-y-1 text-sm" data-training-ended="">
      {training.error ? <p className="text-fg">{training.error}</p> : null}
      <p className="text-fg-muted" data-training-refund="">
        {training.refunded
          ? t('elementsEditor.training.refunded', { count: training.cost })
          : t('elementsEditor.training.refunding', { count: training.cost })}
      </p>
    </div>
  );
}

function TrainButton({
  price,
  blocker,
  busy,
  again,
  describedBy,
  onTrain,
}: {
  price: number;
  blocker: TrainBlocker | null;
  busy: boolean;
  /** A character is trained already: a new training replaces it once it succeeds. */
  again: boolean;
  describedBy: string;
  onTrain: () => void;
}) {
  const { t } = useTranslation('app');
  const why = blocker ? blockerText(blocker, t) : again ? t('elementsEditor.training.again') : '';
  return (
    <div className="mt-4 space-y-2">
      <Button
        // Once trained, generating is the next step: training again is the lesser choice.
        variant={again ? 'secondary' : 'primary'}
        disabled={busy || blocker !== null}
        aria-describedby={why ? describedBy : undefined}
        data-training-price={price}
        onClick={onTrain}
        className="h-auto min-h-11 w-full py-2 whitespace-normal! text-center sm:w-auto"
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <GraduationCap aria-hidden="true" />
        )}
        {busy
          ? t('elementsEditor.training.starting')
          : t('elementsEditor.training.train', { count: price })}
      </Button>
      {why ? (
        <div className="flex flex-wrap items-center gap-3">
          <p
            id={describedBy}
            className="text-sm text-fg-muted"
            data-training-blocked={blocker?.kind}
          >
            {why}
          </p>
          {blocker?.kind === 'not-enough' ? <TopUp /> : null}
        </div>
      ) : null}
    </div>
  );
}

function blockerText(blocker: TrainBlocker, t: TFunction<'app'>): string {
  const { min, max } = characterTraining.pictures;
  switch (blocker.kind) {
    case 'too-few':
      return t('elementsEditor.training.tooFew', { count: blocker.missing, min, max });
    case 'too-many':
      return t('elementsEditor.training.tooMany', { count: blocker.extra, max });
    case 'not-enough':
      return t('elementsEditor.training.notEnough', {
        count: blocker.required,
        balance: blocker.balance,
      });
  }
}

function TopUp() {
  const { t } = useTranslation('app');
  return (
    <LinkButton to={paths.pricing} variant="secondary" size="sm">
      {t('elementsEditor.training.topUp')}
    </LinkButton>
  );
}
