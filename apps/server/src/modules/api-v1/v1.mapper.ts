import {
  estimateFromDraft,
  type Localized,
  type ModelDefinition,
  type ParameterDefinition,
  promptUse,
} from '@kadr/catalog';
import type {
  ApiElement,
  ApiElementPicture,
  ApiModel,
  ApiParameter,
  ElementPicture,
  LibraryElement,
} from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';

/** A catalogue parameter as v1 describes it. */
function toApiParameter(def: ParameterDefinition, locale: Locale): ApiParameter {
  const type: ApiParameter['type'] =
    def.type === 'select'
      ? 'enum'
      : def.type === 'boolean'
        ? 'boolean'
        : def.type === 'file'
          ? 'file'
          : def.type === 'number' || def.type === 'slider'
            ? def.integer === true
              ? 'integer'
              : 'number'
            : 'string';
  const values =
    def.type === 'select'
      ? (def.options ?? []).map((option) => option.value)
      : def.allowedValues
        ? [...def.allowedValues]
        : undefined;
  const said = (text: Localized | undefined) => text?.[locale];
  return {
    name: def.name,
    type,
    required: def.required === true,
    nullable: def.nullable === true,
    ...(def.default === undefined ? {} : { default: def.default }),
    ...(def.min === undefined ? {} : { minimum: def.min }),
    ...(def.max === undefined ? {} : { maximum: def.max }),
    ...(values === undefined ? {} : { values }),
    ...(def.showWhen === undefined ? {} : { when: def.showWhen }),
    description: said(def.description) ?? said(def.label) ?? def.name,
  };
}

const priceSummaries: Record<Locale, (model: ModelDefinition) => string> = {
  en: (model) => {
    const rule = model.price;
    switch (rule.kind) {
      case 'per-output':
        return `${rule.tokens} tokens per image`;
      case 'flat':
        return `${rule.tokens} tokens per ${model.type === 'image' ? 'image' : 'video'}`;
      case 'per-second':
        return `${rule.tokensPerSecond} tokens per second of video`;
      case 'per-second-by-resolution':
        return `per second of video by resolution: ${Object.entries(rule.tokensPerSecond)
          .map(([resolution, tokens]) => `${resolution} ${tokens}`)
          .join(', ')} tokens`;
      case 'per-second-by-option':
        return `per second of video: ${Object.entries(rule.tokensPerSecond)
          .map(([value, tokens]) => `${rule.labels[value]?.en ?? value} ${tokens}`)
          .join(', ')} tokens`;
      case 'per-megapixel':
        return `${rule.tokensPerMegapixel} tokens per megapixel of the result, at least ${rule.minimum}`;
    }
  },
  ru: (model) => {
    const rule = model.price;
    switch (rule.kind) {
      case 'per-output':
        return `${rule.tokens} кр. за картинку`;
      case 'flat':
        return `${rule.tokens} кр. за ${model.type === 'image' ? 'картинку' : 'видео'}`;
      case 'per-second':
        return `${rule.tokensPerSecond} кр. за секунду видео`;
      case 'per-second-by-resolution':
        return `за секунду видео по разрешению: ${Object.entries(rule.tokensPerSecond)
          .map(([resolution, tokens]) => `${resolution} — ${tokens}`)
          .join(', ')} кр.`;
      case 'per-second-by-option':
        return `за секунду видео: ${Object.entries(rule.tokensPerSecond)
          .map(([value, tokens]) => `${rule.labels[value]?.ru ?? value} — ${tokens}`)
          .join(', ')} кр.`;
      case 'per-megapixel':
        return `${rule.tokensPerMegapixel} кр. за мегапиксель результата, не меньше ${rule.minimum}`;
    }
  },
};

/** The price of a model's defaults; a tool's depends on its picture, so its least. */
function priceFrom(model: ModelDefinition): number {
  const rule = model.price;
  if (rule.kind === 'per-megapixel') return rule.minimum;
  // A talking character's shortest video is its shortest recording's, a second (ADR 049).
  if (model.speech && rule.kind === 'per-second') return rule.tokensPerSecond;
  return estimateFromDraft(model.id, {}) ?? 0;
}

/** A catalogue model or tool as `GET /api/v1/models` lists it. */
export function toApiModel(model: ModelDefinition, available: boolean, locale: Locale): ApiModel {
  return {
    id: model.id,
    kind: model.tool ? 'tool' : 'model',
    tool: model.tool?.kind ?? null,
    type: model.type,
    name: model.tool ? model.tool.title[locale] : model.name,
    description: model.description[locale],
    prompt: promptUse(model),
    parameters: [...model.parameters]
      .sort((a, b) => a.order - b.order)
      .map((def) => toApiParameter(def, locale)),
    price: {
      rule: model.price.kind,
      from: priceFrom(model),
      summary: priceSummaries[locale](model),
    },
    typical_seconds: { min: model.typicalSeconds.min, max: model.typicalSeconds.max },
    available,
    references: model.references
      ? { max: model.references.max, kinds: [...model.references.kinds] }
      : null,
  };
}

/**
 * A library element as v1 shows it: the library's own record, each picture's address made
 * absolute on the site's origin (`${publicUrl}/api/files/{id}/{name}`, the form an upload answers),
 * so it can be passed back as a `file` parameter or another element's picture.
 */
export function toApiElement(element: LibraryElement, publicUrl: string): ApiElement {
  const picture = (p: ElementPicture): ApiElementPicture => ({
    id: p.id,
    url: p.url.startsWith('/') ? `${publicUrl}${p.url}` : p.url,
    width: p.width,
    height: p.height,
  });
  return {
    id: element.id,
    kind: element.kind,
    name: element.name,
    description: element.description,
    cover: element.cover ? picture(element.cover) : null,
    pictures: element.pictures.map(picture),
    archived: element.archived,
    created: element.created,
    updated: element.updated,
  };
}
