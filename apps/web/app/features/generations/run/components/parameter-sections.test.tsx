import '~/locales/app';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultParameters, listModels, models, parameterSections } from '@kadr/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { ParameterSections } from './parameter-sections';

afterEach(cleanup);

describe('the parameter form is the catalogue', () => {
  it.each(listModels().map((model) => [model.id, model] as const))(
    '%s: every visible parameter gets a labelled control, in both languages',
    async (_id, model) => {
      for (const language of ['en', 'ru'] as const) {
        await i18n.changeLanguage(language);
        const values = defaultParameters(model.id);
        const sections = parameterSections(model, values);
        // A picture's input offers the library, read through the app's query client.
        render(
          <QueryClientProvider client={new QueryClient()}>
            <ParameterSections
              sections={sections}
              values={values}
              openGroups={model.groups.map((group) => group.id)}
              errors={{}}
              onToggle={() => {}}
              onChange={() => {}}
              onUploadingChange={() => {}}
            />
          </QueryClientProvider>,
        );
        // A picture's input loads on demand (image-input.tsx): found once it has.
        for (const def of sections.flatMap((section) => section.parameters)) {
          expect(await screen.findByLabelText(def.label[language]), `${def.name}`).toBeTruthy();
        }
        cleanup();
      }
    },
  );
});

describe('no model-specific branches in the web app', () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'locales') walk(path);
      } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        files.push(path);
      }
    }
  };
  walk(root);

  it('no component or hook names a catalogue model', () => {
    expect(files.length).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const model of models) {
        if (new RegExp(`['"\`]${model.id}['"\`]`).test(source)) {
          offenders.push(`${file}: ${model.id}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
