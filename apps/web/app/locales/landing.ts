import { productFacts } from '@kadr/catalog';
import { addDefaultVariables, addNamespace } from '~/lib/i18n';
import en from './en/landing.json';
import ru from './ru/landing.json';

addNamespace('landing', { en, ru });
// The landing's texts say the catalogue's numbers ({{models}}, {{maxVideoSeconds}}…).
addDefaultVariables(productFacts());
