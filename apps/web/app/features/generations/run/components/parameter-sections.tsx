import type { ParameterSection, ParamGroup, ParamValue } from '@kadr/catalog';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { currentLanguage } from '~/lib/i18n';
import { ParameterField } from './parameter-field';

/**
 * The model's parameter groups as the catalogue lays them out: `basic` always open, the others
 * behind a disclosure button, open when the catalogue marks them expanded or the person opened them.
 */
export function ParameterSections({
  sections,
  values,
  openGroups,
  errors,
  onToggle,
  onChange,
  onUploadingChange,
}: {
  sections: readonly ParameterSection[];
  values: Readonly<Record<string, ParamValue>>;
  openGroups: readonly ParamGroup[];
  errors: Readonly<Record<string, string>>;
  onToggle: (group: ParamGroup) => void;
  onChange: (name: string, value: ParamValue) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <div className="space-y-3">
      {sections.map((section) => (
        <Section
          key={section.id}
          section={section}
          open={!section.collapsible || openGroups.includes(section.id)}
          onToggle={() => onToggle(section.id)}
        >
          {section.parameters.map((def) => (
            <ParameterField
              key={def.name}
              def={def}
              value={values[def.name] ?? null}
              values={values}
              error={errors[def.name]}
              onChange={(value) => onChange(def.name, value)}
              onUploadingChange={onUploadingChange}
            />
          ))}
        </Section>
      ))}
    </div>
  );
}

function Section({
  section,
  open,
  onToggle,
  children,
}: {
  section: ParameterSection;
  open: boolean;
  onToggle: () => void;
  children: React.ReactNode;
}) {
  const id = useId();
  const label = section.label[currentLanguage()];
  const body = (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 [&>*:has(textarea,[type=file],[type=range],audio)]:sm:col-span-2">
      {children}
    </div>
  );
  if (!section.collapsible) {
    return (
      <fieldset data-group={section.id} className="min-w-0">
        <legend className="sr-only">{label}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <section data-group={section.id} className="rounded-xl border border-line">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-sm font-medium text-fg hover:bg-surface-raised"
        >
          {label}
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-4 text-fg-muted transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-4 pt-1 pb-4">
        {body}
      </div>
    </section>
  );
}
