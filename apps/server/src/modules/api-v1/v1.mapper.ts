import {
  type Localized,
  lowestPrice,
  type ModelDefinition,
  type ParameterDefinition,
  priceRates,
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
        return `per second of video by resolution: ${priceRates(model)
          .map((rate) => `${rate.resolution} ${rate.tokens}`)
          .join(', ')} tokens`;
      case 'per-second-by-option':
        return `per second of video: ${priceRates(model)
          .map((rate) => `${rate.option?.en} ${rate.tokens}`)
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
        return `за секунду видео по разрешению: ${priceRates(model)
          .map((rate) => `${rate.resolution} — ${rate.tokens}`)
          .join(', ')} кр.`;
      case 'per-second-by-option':
        return `за секунду видео: ${priceRates(model)
          .map((rate) => `${rate.option?.ru} — ${rate.tokens}`)
          .join(', ')} кр.`;
      case 'per-megapixel':
        return `${rule.tokensPerMegapixel} кр. за мегапиксель результата, не меньше ${rule.minimum}`;
    }
  },
};

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
      from: lowestPrice(model),
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
