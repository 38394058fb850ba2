import '~/locales/app';
import type { GenerationRecord, GenerationStatus } from '@kadr/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { WaitingNote, waitingFor } from './waiting-note';

function record(
  status: GenerationStatus,
  waiting_for: 'model' | 'storage' | undefined,
): GenerationRecord {
  const at = '2026-05-01T10:00:00.000Z';
  return {
    id: 'g1',
    created: at,
    updated: at,
    user: 'u',
    error: '',
    model: 'm',
    type: 'image',
    replicate_id: '',
    status,
    error_code: null,
    cost: 2,
    jsondata: {
      type: 'image',
      prompt: 'A fox',
      output: null,
      ...(waiting_for ? { waiting_for } : {}),
    },
    output_files: [],
    expand: { output_files: [] },
    favorite: false,
    source_id: null,
  };
}

afterEach(cleanup);

describe('what a generation waits for', () => {
  it('is what the server says while it runs, and nothing once it has ended', () => {
    expect(waitingFor(record('pending', 'model'))).toBe('model');
    expect(waitingFor(record('processing', 'storage'))).toBe('storage');
    expect(waitingFor(record('processing', undefined))).toBeUndefined();
    // A record the server has not cleaned yet: finished is finished.
    expect(waitingFor(record('completed', 'storage'))).toBeUndefined();
    expect(waitingFor(record('failed', 'model'))).toBeUndefined();
    expect(waitingFor(undefined)).toBeUndefined();
  });
});

describe('the waiting note', () => {
  it.each([
    ['ru', 'model', 'Ждём модель: сервис не отвечает, повторяем запрос'],
    ['ru', 'storage', 'Результат готов, сохраняем его'],
    ['en', 'model', "Waiting for the model: the service isn't answering, we keep trying"],
    ['en', 'storage', 'Result ready, saving it'],
  ] as const)(
    'in %s, waiting for the %s: “%s”, announced where the person watches',
    async (language, waiting, text) => {
      await i18n.changeLanguage(language);
      render(<WaitingNote record={record('pending', waiting)} announce />);
      expect(screen.getByRole('status').textContent).toBe(text);
    },
  );

  it('is a plain note elsewhere (a card in a list), and nothing when nothing is awaited', async () => {
    await i18n.changeLanguage('ru');
    const { container, rerender } = render(
      <WaitingNote record={record('processing', 'storage')} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent).toBe('Результат готов, сохраняем его');
    rerender(<WaitingNote record={record('completed', undefined)} />);
    expect(container.textContent).toBe('');
  });
});
