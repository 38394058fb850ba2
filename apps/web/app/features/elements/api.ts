import {
  type CreateElementBody,
  elementSchema,
  type LibraryElement,
  type Training,
  trainingSchema,
  type UpdateElementBody,
  uploadResponseSchema,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { inLanguage } from '~/features/generations/elements/api';
import { apiRequest } from '~/lib/api';

/**
 * The library of elements' API calls (ADR 043): the person's characters and products, their
 * pictures, and the upload that gives a picture its Kadr address. Reading the list is shared with
 * the studio's picker: features/generations/elements/api.ts.
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      elementSchema,
      uploadResponseSchema,
      /** `{ training }`, the answer of a training asked for or stopped. */
      trainingAnswer: (value: unknown) => ({
        training: trainingSchema.parse((value as { training?: unknown } | null)?.training),
      }),
    }
  : undefined;

const elementPath = (id: string) => `/api/elements/${encodeURIComponent(id)}`;

export function getElement(id: string, signal?: AbortSignal): Promise<LibraryElement> {
  return wrapped('Failed to get element', () =>
    apiRequest(inLanguage(elementPath(id)), { signal, parse: answers?.elementSchema.parse }),
  );
}

export function createElement(body: CreateElementBody): Promise<LibraryElement> {
  return wrapped('Element creation failed', () =>
    apiRequest(inLanguage('/api/elements'), {
      method: 'POST',
      body,
      parse: answers?.elementSchema.parse,
    }),
  );
}

/** Renames, describes, picks the cover, archives or brings back. */
export function updateElement(id: string, body: UpdateElementBody): Promise<LibraryElement> {
  return wrapped('Failed to change element', () =>
    apiRequest(inLanguage(elementPath(id)), {
      method: 'PATCH',
      body,
      parse: answers?.elementSchema.parse,
    }),
  );
}

export function addElementPictures(id: string, pictures: string[]): Promise<LibraryElement> {
  return wrapped('Failed to add pictures', () =>
    apiRequest(inLanguage(`${elementPath(id)}/pictures`), {
      method: 'POST',
      body: { pictures },
      parse: answers?.elementSchema.parse,
    }),
  );
}

export function removeElementPicture(id: string, pictureId: string): Promise<LibraryElement> {
  return wrapped('Failed to remove picture', () =>
    apiRequest(inLanguage(`${elementPath(id)}/pictures/${encodeURIComponent(pictureId)}`), {
      method: 'DELETE',
      parse: answers?.elementSchema.parse,
    }),
  );
}

export function deleteElement(id: string): Promise<void> {
  return wrapped('Failed to delete element', async () => {
    await apiRequest(inLanguage(elementPath(id)), { method: 'DELETE' });
  });
}

/**
 * Trains the character once on its pictures (ADR 045): charged now, the price the catalogue says
 * (`characterTraining`); its progress is the element's `training`, read again while it runs.
 */
export function startTraining(id: string): Promise<Training> {
  return wrapped('Failed to start training', async () => {
    const answer = await apiRequest<{ training: Training }>(
      inLanguage(`${elementPath(id)}/training`),
      { method: 'POST', body: {}, parse: answers?.trainingAnswer },
    );
    return answer.training;
  });
}

/** Stops the character's training under way; its tokens come back once it has stopped. */
export function cancelTraining(id: string): Promise<Training> {
  return wrapped('Failed to cancel training', async () => {
    const answer = await apiRequest<{ training: Training }>(
      inLanguage(`${elementPath(id)}/training/cancel`),
      { method: 'POST', body: {}, parse: answers?.trainingAnswer },
    );
    return answer.training;
  });
}

/**
 * Uploads one picture and answers the address an element takes it by. (The studio's upload is
 * `run/run-api.ts`'s, which would bring the running of models with it.)
 */
export function uploadPicture(file: File): Promise<string> {
  return wrapped('Picture upload failed', async () => {
    const form = new FormData();
    form.append('image', file, file.name);
    const result = await apiRequest('/api/upload-image', {
      method: 'POST',
      body: form,
      parse: answers?.uploadResponseSchema.parse,
    });
    return result.urls.get;
  });
}
